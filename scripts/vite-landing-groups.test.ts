import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { barrelExports, landingGroups, namedImports } from './vite-landing-groups';

// An index that re-exports icons one by one, as lucide-react's does, on disk (the plugin reads it).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-groups-'));
const ICONS = path.join(dir, 'icons.mjs');
fs.writeFileSync(
  ICONS,
  [
    "export { default as Flag, default as FlagIcon } from './icons/flag.mjs';",
    "export { default as Film } from './icons/film.mjs';",
    "export { default as Menu } from './icons/menu.mjs';",
  ].join('\n'),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const icon = (name: string) => path.join(dir, 'icons', `${name}.mjs`);

// A module graph as the build's plugin context gives it: file -> static imports; and the sources
// the plugin reads import names from.
const graph: Record<string, string[]> = {
  '/app/query-provider.tsx': ['/app/query-client.ts'],
  '/app/query-client.ts': ['/nm/query-core.js'],
  '/nm/query-core.js': [],
  '/app/auth.tsx': ['/app/form.tsx', '/nm/zod.js', ICONS],
  '/app/form.tsx': ['/nm/zod.js'],
  '/nm/zod.js': [],
  '/app/board.tsx': ['/app/row.tsx', '/app/tabs.tsx', ICONS],
  '/app/home.tsx': ['/app/row.tsx', '/app/tabs.tsx', '/app/home-hero.tsx'],
  '/app/row.tsx': ['/app/score.ts'],
  '/app/score.ts': [],
  '/app/tabs.tsx': [],
  '/app/home-hero.tsx': [ICONS],
  [ICONS]: [icon('flag'), icon('film'), icon('menu')],
  [icon('flag')]: [],
  [icon('film')]: [],
  [icon('menu')]: [],
};
const sources: Record<string, string> = {
  '/app/auth.tsx': "import { Flag, type LucideIcon } from 'icons';",
  '/app/board.tsx': "import {\n  Film as FilmIcon,\n} from 'icons';",
  '/app/home-hero.tsx': "import { Menu } from 'icons';",
};

async function owners(changed: Record<string, string> = {}) {
  const { plugin, groups } = landingGroups({
    everyScreen: '/app/query-provider.tsx',
    screens: { auth: '/app/auth.tsx', board: '/app/board.tsx', home: '/app/home.tsx' },
    exclude: /\/nm\/zod/,
    barrels: ['icons'],
  });
  for (const [id, code] of Object.entries({ ...sources, ...changed }))
    (plugin.transform as (code: string, id: string) => null)(code, id);
  const context = {
    getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null),
    resolve: async (spec: string, importer: string) =>
      spec === 'icons' ? { id: ICONS } : { id: path.resolve(path.dirname(importer), spec) },
  };
  await (plugin.buildEnd as (this: typeof context, error?: Error) => Promise<void>).call(context);
  const byGroup: Record<string, string[]> = {};
  for (const g of groups.slice(1))
    byGroup[g.name as string] = Object.keys(graph).filter((id) =>
      (g.test as (id: string) => boolean)(id),
    );
  return { byGroup, groups };
}

describe('landingGroups', () => {
  it('puts what every screen loads, and what two landing screens load, in one shared chunk', async () => {
    const { byGroup } = await owners();
    expect(byGroup['landing-shared']).toEqual(
      expect.arrayContaining([
        '/app/query-provider.tsx',
        '/app/query-client.ts',
        '/nm/query-core.js',
        '/app/row.tsx',
        '/app/score.ts',
        '/app/tabs.tsx',
      ]),
    );
  });

  it('gives each landing screen what only it loads, and leaves the excluded libraries alone', async () => {
    const { byGroup } = await owners();
    expect(byGroup.auth).toEqual(['/app/auth.tsx', '/app/form.tsx', icon('flag')]);
    expect(byGroup.board).toEqual(['/app/board.tsx', icon('film')]);
    expect(byGroup.home).toEqual(['/app/home.tsx', '/app/home-hero.tsx', icon('menu')]);
    expect(Object.values(byGroup).flat()).not.toContain('/nm/zod.js');
  });

  it('follows an index to all of its parts when an importer names one it does not list', async () => {
    const { byGroup } = await owners({ '/app/home-hero.tsx': "import { Unknown } from 'icons';" });
    expect(byGroup['landing-shared']).toEqual(expect.arrayContaining([icon('flag'), icon('film')]));
    expect(byGroup.home).toEqual(['/app/home.tsx', '/app/home-hero.tsx', ICONS, icon('menu')]);
  });

  // Taken first: no landing group may take a module of the first script, or the first script
  // would import that group's chunk.
  it("takes the first script's modules first, and asks Rolldown for captured modules only", async () => {
    const { groups } = await owners();
    expect(groups[0]).toMatchObject({ name: 'first', tags: ['$initial'] });
    for (const g of groups) expect(g.includeDependenciesRecursively).toBe(false);
  });

  it('fails the build when a screen is not in it', async () => {
    const { plugin } = landingGroups({
      everyScreen: '/app/missing.tsx',
      screens: {},
      exclude: /x/,
      barrels: [],
    });
    const context = {
      getModuleInfo: (_id: string) => null,
      resolve: async (_spec: string, _importer: string) => null,
    };
    await expect(
      (plugin.buildEnd as (this: typeof context, error?: Error) => Promise<void>).call(context),
    ).rejects.toThrow(/missing\.tsx is not in the build/);
  });
});

describe('import and export lists', () => {
  it('reads the names a module imports, without types, under their exported names', () => {
    expect(
      namedImports(
        "import { A, B as C, type D } from 'icons';\nimport type { E } from 'icons';\nimport { F } from 'other';",
        'icons',
      ),
    ).toEqual(['A', 'B']);
  });

  it("reads an index's re-exports and namespace imports", () => {
    const parts = barrelExports(
      'import * as Dialog from "@radix-ui/react-dialog";\nexport { default as X, default as XIcon } from \'./icons/x.mjs\';',
    );
    expect(Object.fromEntries(parts)).toEqual({
      X: './icons/x.mjs',
      XIcon: './icons/x.mjs',
      Dialog: '@radix-ui/react-dialog',
    });
  });
});
