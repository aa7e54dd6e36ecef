import { Link } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { useLastChallenge } from '@/lib/last-challenge';
import { cn } from '@/lib/utils';
import { NAV_ITEMS, navHref } from './nav-items';
import { t } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

/** The phone's tab bar; from 1024 px the header's top bar (top-nav.tsx) takes its place. */
export function BottomNav({ pathname }: { pathname: string }) {
  const { data: user } = useUser();
  const last = useLastChallenge();
  return (
    <nav
      aria-label={t`Main`}
      data-testid="bottom-nav"
      className="border-t border-border bg-card pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-7">
        {NAV_ITEMS.map((item) => {
          const active = item.match(pathname);
          const Icon = item.icon;
          return (
            <li key={item.key}>
              <Link
                href={navHref(item, Boolean(user), last?.id)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  // Seven destinations share 390 px: a word of 11 px fits "Rankings" in its seventh.
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-[0.6875rem] font-semibold tracking-tight text-muted-foreground',
                  active && 'text-primary',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-11 items-center justify-center rounded-full',
                    active && 'bg-accent',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {i18n._(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
