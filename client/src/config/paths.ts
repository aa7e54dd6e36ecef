/**
 * Every client route in one place: `path` is the pattern the router matches, `aliases` are the
 * other addresses that show the same screen (old links and short forms), and `getHref()` builds a
 * link. Screens and navigation link with `paths.x.getHref()`, never with a literal string.
 */
export const paths = {
  catalogue: { path: '/', aliases: ['/challenges'], getHref: () => '/' },
  auth: {
    path: '/auth',
    aliases: [],
    /** Sign-in; `next` is where it goes afterwards (features/auth/utils/next-path.ts checks it). */
    getHref: (next?: string) =>
      next && next !== '/' ? `/auth?${new URLSearchParams({ next })}` : '/auth',
  },
  challengeHome: {
    path: '/90second',
    aliases: ['/nickels-dimes', '/burpees-or-bust', '/dashboard'],
    getHref: () => '/90second',
  },
  leaderboard: {
    path: '/90second/leaderboard',
    aliases: ['/leaderboard'],
    getHref: () => '/90second/leaderboard',
  },
  publicProfile: {
    path: '/90second/users/:username',
    aliases: ['/users/:username'],
    getHref: (username: string) => `/90second/users/${encodeURIComponent(username)}`,
  },
  timer: { path: '/90second/timer', aliases: ['/timer'], getHref: () => '/90second/timer' },
  logWorkout: {
    path: '/90second/log-workout',
    aliases: ['/log-workout'],
    getHref: () => '/90second/log-workout',
  },
  profile: { path: '/profile', aliases: ['/90second/profile'], getHref: () => '/profile' },
  profileSettings: { path: '/profile/settings', aliases: [], getHref: () => '/profile/settings' },
  challengeStats: {
    path: '/profile/:challenge',
    aliases: ['/90second-profile'],
    getHref: (challenge = 'pushup-90') => `/profile/${encodeURIComponent(challenge)}`,
  },
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Every pattern of a route: its path, then its aliases. */
export const patternsOf = (route: AppPath): readonly string[] => [route.path, ...route.aliases];

/** Whether `pathname` is one of the route's static addresses (its path or an alias). */
export const isAt = (route: AppPath, pathname: string) => patternsOf(route).includes(pathname);
