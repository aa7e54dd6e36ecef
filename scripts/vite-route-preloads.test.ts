import { describe, expect, it } from 'vitest';
import { paths, patternsOf } from '../client/src/config/paths';
import { preloadFiles, routePreloads, type Chunk } from './vite-route-preloads';

// Chunks shaped as the build makes them: the entry with its static imports, lazy screens sharing
// chunks, the query provider in a chunk of its own (scripts/vite-landing-groups.ts).
const chunks: Chunk[] = [
  {
    fileName: 'assets/index-1.js',
    isEntry: true,
    imports: ['assets/jsx-runtime-2.js'],
    modules: ['src/main.tsx'],
  },
  {
    fileName: 'assets/jsx-runtime-2.js',
    isEntry: false,
    imports: [],
    modules: ['../node_modules/react/jsx-runtime.js'],
  },
  {
    fileName: 'assets/tabs-4.js',
    isEntry: false,
    imports: ['assets/jsx-runtime-2.js', 'assets/index-1.js'],
    modules: ['src/components/ui/tabs.tsx'],
  },
  {
    fileName: 'assets/query-provider-5.js',
    isEntry: false,
    imports: ['assets/jsx-runtime-2.js', 'assets/use-query-3.js'],
    modules: ['src/lib/query-client.ts', 'src/app/query-provider.tsx'],
  },
  {
    fileName: 'assets/use-query-3.js',
    isEntry: false,
    imports: ['assets/index-1.js'],
    modules: ['../node_modules/x/use-query.js'],
  },
  {
    // The board's heading, a chunk of its own (client/src/app/router.tsx).
    fileName: 'assets/leaderboard-page-8.js',
    isEntry: false,
    imports: ['assets/index-1.js'],
    modules: ['src/app/routes/leaderboard-page.tsx'],
  },
  {
    // The early board fetch, in the small chunk of what the first script loads apart.
    fileName: 'assets/early-9.js',
    isEntry: false,
    imports: ['assets/index-1.js'],
    modules: ['src/app/board-prefetch.ts', 'src/lib/offline/last-user.ts'],
  },
  {
    fileName: 'assets/not-found-6.js',
    isEntry: false,
    imports: ['assets/jsx-runtime-2.js'],
    modules: ['src/app/routes/not-found.tsx'],
  },
];
for (const key of Object.keys(paths).filter((k) => k !== 'catalogue')) {
  const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  chunks.push({
    fileName: `assets/${name}-7.js`,
    isEntry: false,
    imports: ['assets/tabs-4.js', 'assets/use-query-3.js'],
    modules: [`src/app/routes/${name}.tsx`],
  });
}

describe('route preloads', () => {
  it('lists the chunks of the modules and their static imports once, without what the entry loads', () => {
    expect(
      preloadFiles(chunks, ['src/app/query-provider.tsx', 'src/app/routes/leaderboard.tsx']),
    ).toEqual([
      '/assets/query-provider-5.js',
      '/assets/use-query-3.js',
      '/assets/leaderboard-7.js',
      '/assets/tabs-4.js',
    ]);
  });

  it('has every route of the router, in order, the catalogue with nothing to preload', () => {
    const { routes, fallback } = routePreloads(chunks);
    expect(routes.map((r) => r.patterns)).toEqual(Object.values(paths).map((p) => patternsOf(p)));
    // Every challenge a server may open has its screens preloaded, whatever this build's default.
    expect(routes.find((r) => r.patterns.includes('/plank-drop/leaderboard'))!.files).toEqual([
      '/assets/query-provider-5.js',
      '/assets/use-query-3.js',
      '/assets/leaderboard-7.js',
      '/assets/tabs-4.js',
      // The board's heading and the early fetch of its data, loaded apart from the board.
      '/assets/leaderboard-page-8.js',
      '/assets/early-9.js',
    ]);
    expect(routes.find((r) => r.patterns.includes('/burpees-or-bust/timer'))!.files).toContain(
      '/assets/timer-7.js',
    );
    expect(routes[0]!.files).toEqual([]);
    expect(routes.find((r) => r.patterns.includes('/profile/settings'))!.files).toContain(
      '/assets/profile-settings-7.js',
    );
    expect(fallback).toEqual(['/assets/not-found-6.js']);
  });

  it('fails the build when no chunk holds a screen', () => {
    expect(() => routePreloads(chunks.filter((c) => c.fileName !== 'assets/auth-7.js'))).toThrow(
      /no chunk holds src\/app\/routes\/auth\.tsx/,
    );
  });
});
