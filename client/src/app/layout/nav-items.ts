import { Home, PenSquare, Play, Trophy, UserRound, type LucideIcon } from 'lucide-react';
import { isAt, paths } from '@/config/paths';

// The app's five destinations: the phone's bottom bar (bottom-nav.tsx) and the desktop's top bar
// (top-nav.tsx) list the same ones.

export interface NavItem {
  label: string;
  icon: LucideIcon;
  to: string;
  /** Paths on which the item shows as active. */
  match: (p: string) => boolean;
  needsUser: boolean;
}

export const NAV_ITEMS: NavItem[] = [
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

/** Where an item leads: a visitor is sent to sign in first, and comes back to the item's screen. */
export const navHref = (item: NavItem, signedIn: boolean) =>
  item.needsUser && !signedIn ? paths.auth.getHref(item.to) : item.to;
