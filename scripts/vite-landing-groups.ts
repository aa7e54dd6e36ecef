// Fewer, larger chunks for the screens a visitor lands on. Left to itself, Rolldown gives every set
// of importers its own chunk: a challenge's home loaded 24 files beyond the first script, most of
// them 1-3 KB (an icon, a date helper, one Radix part), and a phone on a slow network pays a round
// trip for each before the screen can render. With these groups the first script is one file, and
// a landing screen loads one chunk of what the landing screens share, one of its own, and the
// large libraries only some screens need (forms, schemas). docs/decisions/0189-landing-chunks.md
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type Group = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];

export interface LandingGroupsOptions {
  /** Loaded by every screen (the query provider): its modules join the shared chunk. */
  everyScreen: string;
  /** The landing screens' modules, by the chunk name each gets. */
  screens: Record<string, string>;
  /** Modules left to Rolldown's own splitting: large libraries only some screens use. */
  exclude: RegExp;
  /**
   * Packages imported through an index that re-exports all their parts (lucide-react's icons,
   * radix-ui's primitives): an importer is taken to load only the parts it names.
   */
  barrels: string[];
}

/** `import { A, B as C, type D } from 'spec'` in a source file: the names it takes from `spec`. */
export function namedImports(code: string, spec: string): string[] {
  const names: string[] = [];
  const quoted = spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  for (const m of code.matchAll(
    new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'),
  )) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * An index's exports, by name, to the specifier of the module each comes from: lucide-react's
 * `export { default as A, default as AIcon } from './icons/a.mjs'` and radix-ui's
 * `import * as Dialog from '@radix-ui/react-dialog'` followed by `export { Dialog }`.
 */
export function barrelExports(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const part of m[1]!.split(',')) {
      const alias = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (alias) out.set(alias, m[2]!);
    }
  }
  for (const m of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g))
    out.set(m[1]!, m[2]!);
  return out;
}

/**
 * Code-splitting groups found from the module graph at the end of the build (a plugin, since the
 * graph is only known then):
 * - `first`: what the first script loads statically (Rolldown's `$initial`), beside it;
 * - `landing-shared`: what the every-screen module loads, and what two landing screens or more
 *   load;
 * - one group per landing screen: the screen and what only it (of the landing screens) loads.
 * Imports only run one way (a screen's chunk imports the shared chunk, never the reverse): a
 * module in two screens' graphs has every one of its imports in both graphs.
 */
export function landingGroups(options: LandingGroupsOptions): { plugin: Plugin; groups: Group[] } {
  const owner = new Map<string, string>();
  /** Importer id -> barrel package -> the names it imports from it. */
  const named = new Map<string, Map<string, string[]>>();
  const plugin: Plugin = {
    name: 'fitbench-landing-groups',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules')) return null;
      for (const spec of options.barrels) {
        if (!code.includes(spec)) continue;
        if (!named.has(id)) named.set(id, new Map());
        named.get(id)!.set(spec, namedImports(code, spec));
      }
      return null;
    },
    async buildEnd(error) {
      if (error) return;
      // Each barrel's module id, and its exports by name to the module ids they come from.
      const barrels = new Map<string, { spec: string; parts: Map<string, string> }>();
      for (const spec of options.barrels) {
        const importer = [...named.keys()].find((id) => named.get(id)!.has(spec));
        const barrel = importer && (await this.resolve(spec, importer));
        if (!barrel) continue;
        const parts = new Map<string, string>();
        const targets = new Map<string, string | undefined>();
        for (const [name, from] of barrelExports(fs.readFileSync(barrel.id, 'utf8'))) {
          if (!targets.has(from)) targets.set(from, (await this.resolve(from, barrel.id))?.id);
          const target = targets.get(from);
          if (target) parts.set(name, target);
        }
        barrels.set(barrel.id, { spec, parts });
      }
      const closure = (id: string, into = new Set<string>()) => {
        if (into.has(id)) return into;
        into.add(id);
        for (const i of this.getModuleInfo(id)?.importedIds ?? []) {
          const barrel = barrels.get(i);
          const names = barrel && named.get(id)?.get(barrel.spec);
          const parts = names?.map((n) => barrel!.parts.get(n));
          // A name the index does not list (or an importer not read): all of it, to be safe.
          if (!parts || parts.some((p) => !p)) closure(i, into);
          else for (const p of parts) closure(p!, into);
        }
        return into;
      };
      const resolve = (file: string) => {
        const id = path.resolve(file);
        if (!this.getModuleInfo(id)) throw new Error(`landing groups: ${file} is not in the build`);
        return id;
      };
      const uses = new Map<string, Set<string>>();
      for (const [name, file] of Object.entries(options.screens)) {
        for (const id of closure(resolve(file))) {
          if (!uses.has(id)) uses.set(id, new Set());
          uses.get(id)!.add(name);
        }
      }
      owner.clear();
      for (const id of closure(resolve(options.everyScreen))) owner.set(id, 'landing-shared');
      for (const [id, names] of uses) {
        if (owner.has(id)) continue;
        owner.set(id, names.size > 1 ? 'landing-shared' : [...names][0]!);
      }
      for (const id of owner.keys()) if (options.exclude.test(id)) owner.delete(id);
    },
  };
  const group = (name: string): Group => ({
    name,
    test: (id) => owner.get(id) === name,
    // Only the captured modules: their imports outside the set belong to the first script or
    // to an excluded library, and must stay where they are.
    includeDependenciesRecursively: false,
  });
  // Taken first, so that no landing group takes any of the first script's modules. Rolldown marks
  // them after tree-shaking: the module graph alone would count every icon behind lucide-react's
  // index as the first script's.
  const first: Group = { name: 'first', tags: ['$initial'], includeDependenciesRecursively: false };
  return {
    plugin,
    groups: [first, group('landing-shared'), ...Object.keys(options.screens).map(group)],
  };
}
