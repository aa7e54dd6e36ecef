// Relative, not '@common': scripts/vite-route-preloads.ts imports this file while Vite loads its
// config, before any alias exists.
import {
  CATALOGUE,
  canOpen,
  catalogueWith,
  defaultEntry,
  findEntry,
  type Challenge,
  type ChallengeId,
} from '../../../common/challenges.ts';
import { catalogueEntries } from './catalogue.ts';

/**
 * Every client route in one place: `path` is the pattern the router matches, `aliases` are the
 * other addresses that show the same screen (old links and short forms), and `getHref()` builds a
 * link. Screens and navigation link with `paths.x.getHref()`, never with a literal string.
 *
 * A challenge's own screens (home, timer, log, board) live under its slug (`/plank-drop/timer`):
 * `perChallenge` builds that address, and the route has one for each challenge the catalogue gives
 * a screen (`has`: an open challenge; for the home, also a Coming Soon one). `path` and `getHref()`
 * without an argument stay the push-up challenge's, the addresses of the specification.
 * docs/decisions/0145-challenge-routes.md
 */
interface RouteDef {
  path: string;
  aliases: readonly string[];
  perChallenge?: (slug: string) => string;
  /** Which challenges have the screen: 'open', or 'home' (open, or with a Coming Soon home). */
  has?: 'open' | 'home';
}

/** The default entry (the specification's): its slug prefixes the specification's addresses. */
const DEFAULT_ENTRY = defaultEntry();
const DEFAULT_SLUG = DEFAULT_ENTRY.slug!;
/** Its stats page's older address, where it declares one. */
const STATS_ALIASES = DEFAULT_ENTRY.legacy?.statsAlias ? [DEFAULT_ENTRY.legacy.statsAlias] : [];

/** A challenge's slug by id (the default challenge's for an id the catalogue lacks, or none). */
function slugOf(id?: ChallengeId): string {
  return findEntry(id, catalogueEntries())?.slug ?? DEFAULT_SLUG;
}

const home = (slug: string) => `/${slug}`;
const under = (screen: string) => (slug: string) => `/${slug}/${screen}`;

export const paths = {
  catalogue: { path: '/', aliases: ['/challenges'], getHref: () => '/' },
  auth: {
    path: '/auth',
    aliases: [],
    /** Sign-in; `next` is where it goes afterwards (features/auth/utils/next-path.ts checks it). */
    getHref: (next?: string) =>
      next && next !== '/' ? `/auth?${new URLSearchParams({ next })}` : '/auth',
  },
  /** Where a password reset link leads (the token in `?token=`). */
  resetPassword: { path: '/reset-password', aliases: [], getHref: () => '/reset-password' },
  /** Where an address confirmation link leads (the token in `?token=`). */
  confirmEmail: { path: '/confirm-email', aliases: [], getHref: () => '/confirm-email' },
  /** Where the old address's undo link leads after a change of address (the token in `?token=`). */
  undoEmailChange: { path: '/undo-email-change', aliases: [], getHref: () => '/undo-email-change' },
  challengeHome: {
    path: `/${DEFAULT_SLUG}`,
    aliases: ['/dashboard'],
    perChallenge: home,
    has: 'home',
    getHref: (challenge?: ChallengeId) => home(slugOf(challenge)),
  },
  leaderboard: {
    path: `/${DEFAULT_SLUG}/leaderboard`,
    aliases: ['/leaderboard'],
    perChallenge: under('leaderboard'),
    getHref: (challenge?: ChallengeId) => under('leaderboard')(slugOf(challenge)),
  },
  publicProfile: {
    path: `/${DEFAULT_SLUG}/users/:username`,
    aliases: ['/users/:username'],
    getHref: (username: string) => `/${DEFAULT_SLUG}/users/${encodeURIComponent(username)}`,
  },
  timer: {
    path: `/${DEFAULT_SLUG}/timer`,
    aliases: ['/timer'],
    perChallenge: under('timer'),
    getHref: (challenge?: ChallengeId) => under('timer')(slugOf(challenge)),
  },
  logWorkout: {
    path: `/${DEFAULT_SLUG}/log-workout`,
    aliases: ['/log-workout'],
    perChallenge: under('log-workout'),
    getHref: (challenge?: ChallengeId) => under('log-workout')(slugOf(challenge)),
  },
  profile: { path: '/profile', aliases: [`/${DEFAULT_SLUG}/profile`], getHref: () => '/profile' },
  profileSettings: { path: '/profile/settings', aliases: [], getHref: () => '/profile/settings' },
  /** My notifications and the digest's opt-in (docs/decisions/0253-notifications.md). */
  notifications: { path: '/notifications', aliases: [], getHref: () => '/notifications' },
  /** The moderators' queue of reports and log of actions (others see that it is not theirs). */
  moderation: { path: '/moderation', aliases: [], getHref: () => '/moderation' },
  /** Clubs: mine, public ones to join, Create club (docs/decisions/0164-clubs.md). */
  clubs: { path: '/clubs', aliases: [], getHref: () => '/clubs' },
  club: {
    path: '/clubs/:slug',
    aliases: [],
    getHref: (slug: string) => `/clubs/${encodeURIComponent(slug)}`,
  },
  /** Where an invite link leads (the code in `?code=`). */
  clubJoin: {
    path: '/clubs/:slug/join',
    aliases: [],
    getHref: (slug: string, code?: string) =>
      `/clubs/${encodeURIComponent(slug)}/join${code ? `?${new URLSearchParams({ code })}` : ''}`,
  },
  /** The sets of the members I follow and of my clubs (docs/decisions/0249-the-feed.md). */
  feed: { path: '/feed', aliases: [], getHref: () => '/feed' },
  /** A set's own page: its score, kudos and comments. */
  set: { path: '/sets/:id', aliases: [], getHref: (id: number) => `/sets/${id}` },
  /** Today's session of the member's active plan (where a reminder's tap leads). */
  plansToday: { path: '/plans/today', aliases: [], getHref: () => '/plans/today' },
  /** A plan's calendar (docs/decisions/0228-a-plans-calendar.md). */
  plan: { path: '/plans/:id', aliases: [], getHref: (id: number) => `/plans/${id}` },
  challengeStats: {
    path: '/profile/:challenge',
    aliases: STATS_ALIASES,
    getHref: (challenge: ChallengeId = DEFAULT_ENTRY.id) =>
      `/profile/${encodeURIComponent(challenge)}`,
  },
} as const satisfies Record<string, RouteDef & { getHref: (...args: never[]) => string }>;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * The catalogue with every challenge that can be opened open: the addresses any server may serve.
 * The build's route preloads and the checks of "is this a timer address" use it; the router uses
 * the catalogue this server opened (lib/challenges.ts, servedChallenges).
 */
export const EVERY_OPENABLE: readonly Challenge[] = catalogueWith(
  CATALOGUE.filter(canOpen).map((c) => c.id),
);

/**
 * Every pattern of a route in `challenges`: each challenge's own address (the push-up challenge's
 * first, as `path`), then the aliases. A challenge without screens adds none, so its addresses stay
 * what they were: a Coming Soon home, or the 404.
 */
export function patternsOf(
  route: AppPath,
  challenges: readonly Challenge[] = EVERY_OPENABLE,
): readonly string[] {
  const def: RouteDef = route;
  if (!def.perChallenge) return [def.path, ...def.aliases];
  const own = challenges
    .filter((c) => c.slug && (def.has === 'home' ? Boolean(c.path) : c.isActive))
    .map((c) => def.perChallenge!(c.slug!));
  // The push-up address is the specification's: it stays a route whatever the setting.
  return [...new Set([def.path, ...own, ...def.aliases])];
}

/** Whether `pathname` is one of the route's static addresses (its path, a challenge's, or an alias). */
export const isAt = (route: AppPath, pathname: string, challenges?: readonly Challenge[]) =>
  patternsOf(route, challenges).includes(pathname);
