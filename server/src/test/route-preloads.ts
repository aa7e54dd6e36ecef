import type { RoutePreloads } from '../lib/index-html';

// A built client's index.html and the route preloads scripts/vite-route-preloads.ts writes beside
// it (.vite/route-preloads.json), in the router's order: shared by the tests of
// server/src/lib/index-html.ts and of the client plugin that serves them.
export const SAMPLE_INDEX_HTML =
  '<!doctype html><html><head><title>FitBench</title></head><body></body></html>';

export const SAMPLE_ROUTE_PRELOADS: RoutePreloads = {
  routes: [
    { patterns: ['/', '/challenges'], files: [] },
    {
      patterns: ['/90second/leaderboard', '/leaderboard'],
      files: ['/assets/query-a1.js', '/assets/leaderboard-b2.js'],
    },
    {
      patterns: ['/90second/users/:username', '/users/:username'],
      files: ['/assets/query-a1.js', '/assets/public-profile-c3.js'],
    },
    { patterns: ['/profile/settings'], files: ['/assets/profile-settings-d4.js'] },
    { patterns: ['/profile/:challenge'], files: ['/assets/challenge-stats-e5.js'] },
  ],
  fallback: ['/assets/not-found-f6.js'],
};
