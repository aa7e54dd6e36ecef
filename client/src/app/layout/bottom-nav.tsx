import { Home, PenSquare, Play, Trophy, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { isAt, paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  icon: LucideIcon;
  to: string;
  /** Paths on which the item shows as active. */
  match: (p: string) => boolean;
  needsUser: boolean;
}

const ITEMS: NavItem[] = [
  {
    label: 'Home',
    icon: Home,
    to: paths.challengeHome.getHref(),
    match: (p) => p === paths.catalogue.path || p === paths.challengeHome.path,
    needsUser: false,
  },
  {
    label: 'Rankings',
    icon: Trophy,
    to: paths.leaderboard.getHref(),
    match: (p) => isAt(paths.leaderboard, p),
    needsUser: false,
  },
  {
    label: 'Start',
    icon: Play,
    to: paths.timer.getHref(),
    match: (p) => isAt(paths.timer, p),
    needsUser: true,
  },
  {
    label: 'Log',
    icon: PenSquare,
    to: paths.logWorkout.getHref(),
    match: (p) => isAt(paths.logWorkout, p),
    needsUser: true,
  },
  {
    label: 'Profile',
    icon: UserRound,
    to: paths.profile.getHref(),
    // The profile, its settings and the per-challenge stats (and their aliases).
    match: (p) =>
      isAt(paths.profile, p) ||
      isAt(paths.challengeStats, p) ||
      p.startsWith(`${paths.profile.path}/`),
    needsUser: true,
  },
];

export function BottomNav({ pathname }: { pathname: string }) {
  const { data: user } = useUser();
  return (
    <nav
      aria-label="Main"
      className="border-t border-border bg-card pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-5">
        {ITEMS.map((item) => {
          const active = item.match(pathname);
          const Icon = item.icon;
          return (
            <li key={item.label}>
              <Link
                href={item.needsUser && !user ? paths.auth.getHref(item.to) : item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-muted-foreground',
                  active && 'text-primary',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full',
                    active && 'bg-accent',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
