import {
  Home,
  PenSquare,
  Play,
  Rss,
  Trophy,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ChallengeId } from '@common/challenges';
import { isAt, paths } from '@/config/paths';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

// The app's seven destinations: the phone's bottom bar (bottom-nav.tsx) and the desktop's top bar
// (top-nav.tsx) list the same ones. Home, Start, Log and Rankings lead to the challenge the member
// last used on this device (lib/last-challenge.ts): one notion of "the challenge I am in". With only
// the default challenge open (as shipped) that is always it, so Home is its home.
// docs/decisions/0148-per-challenge-links-and-memory.md, docs/decisions/0201-home-follows-the-challenge.md

export interface NavItem {
  /** A stable key (the English word); `label` is what shows, in the page's language. */
  key: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** Where it leads, for the last-used challenge. */
  to: (challenge?: ChallengeId) => string;
  /** Paths on which the item shows as active (any challenge's screen of that kind). */
  match: (p: string) => boolean;
  needsUser: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  {
    key: 'home',
    label: msg`Home`,
    icon: Home,
    to: (c) => paths.challengeHome.getHref(c),
    // The catalogue, and any challenge's home (its slug or an alias such as /dashboard).
    match: (p) => p === paths.catalogue.path || isAt(paths.challengeHome, p),
    needsUser: false,
  },
  {
    key: 'rankings',
    label: msg`Rankings`,
    icon: Trophy,
    to: (c) => paths.leaderboard.getHref(c),
    match: (p) => isAt(paths.leaderboard, p),
    needsUser: false,
  },
  {
    // Public clubs are open to visitors; a club's page and its invite link too.
    key: 'clubs',
    label: msg`Clubs`,
    icon: Users,
    to: () => paths.clubs.getHref(),
    match: (p) => p === paths.clubs.path || p.startsWith(`${paths.clubs.path}/`),
    needsUser: false,
  },
  {
    // The sets of the members I follow and of my clubs, and a set's own page.
    key: 'feed',
    label: msg`Feed`,
    icon: Rss,
    to: () => paths.feed.getHref(),
    match: (p) => p === paths.feed.path || p.startsWith('/sets/'),
    needsUser: true,
  },
  {
    key: 'start',
    label: msg`Start`,
    icon: Play,
    to: (c) => paths.timer.getHref(c),
    match: (p) => isAt(paths.timer, p),
    needsUser: true,
  },
  {
    key: 'log',
    label: msg`Log`,
    icon: PenSquare,
    to: (c) => paths.logWorkout.getHref(c),
    match: (p) => isAt(paths.logWorkout, p),
    needsUser: true,
  },
  {
    key: 'profile',
    label: msg`Profile`,
    icon: UserRound,
    to: () => paths.profile.getHref(),
    // The profile, its settings and the per-challenge stats (and their aliases).
    match: (p) =>
      isAt(paths.profile, p) ||
      isAt(paths.challengeStats, p) ||
      p.startsWith(`${paths.profile.path}/`),
    needsUser: true,
  },
];

/**
 * Where an item leads for the last-used `challenge`: a visitor is sent to sign in first, and comes
 * back to the item's screen.
 */
export function navHref(item: NavItem, signedIn: boolean, challenge?: ChallengeId) {
  const to = item.to(challenge);
  return item.needsUser && !signedIn ? paths.auth.getHref(to) : to;
}
