import { describe, expect, it } from 'vitest';
import { paths } from '../client/src/config/paths';
import { preloadFiles, routePreloads, type Manifest } from './vite-route-preloads';

// A manifest shaped as Vite writes it: the entry, its static imports, lazy screens sharing chunks.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_jsx-runtime.js'] },
  '_jsx-runtime.js': { file: 'assets/jsx-runtime-2.js' },
  '_use-query.js': { file: 'assets/use-query-3.js', imports: ['_jsx-runtime.js'] },
  '_tabs.js': { file: 'assets/tabs-4.js', imports: ['_jsx-runtime.js', '_use-query.js'] },
  'src/app/query-provider.tsx': { file: 'assets/query-provider-5.js', imports: ['_use-query.js'] },
  'src/app/routes/not-found.tsx': { file: 'assets/not-found-6.js', imports: ['_jsx-runtime.js'] },
};
for (const key of Object.keys(paths).filter((k) => k !== 'catalogue')) {
  const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  manifest[`src/app/routes/${name}.tsx`] = { file: `assets/${name}-7.js`, imports: ['_tabs.js'] };
}

describe('route preloads', () => {
  it('lists static imports once, in import order, without what the entry loads', () => {
    expect(preloadFiles(manifest, ['src/app/query-provider.tsx', 'src/app/routes/leaderboard.tsx'])).toEqual([
      '/assets/query-provider-5.js',
      '/assets/use-query-3.js',
      '/assets/leaderboard-7.js',
      '/assets/tabs-4.js',
    ]);
  });

  it('has every route of the router, in order, the catalogue with nothing to preload', () => {
    const { routes, fallback } = routePreloads(manifest);
    expect(routes.map((r) => r.patterns)).toEqual(Object.values(paths).map((p) => [p.path, ...p.aliases]));
    expect(routes[0]!.files).toEqual([]);
    expect(routes.find((r) => r.patterns.includes('/profile/settings'))!.files).toContain('/assets/profile-settings-7.js');
    expect(fallback).toEqual(['/assets/not-found-6.js']);
  });

  it('fails the build when a screen has no chunk', () => {
    const { ['src/app/routes/auth.tsx']: _, ...withoutAuth } = manifest;
    expect(() => routePreloads(withoutAuth)).toThrow(/src\/app\/routes\/auth\.tsx is not in the build manifest/);
  });
});
