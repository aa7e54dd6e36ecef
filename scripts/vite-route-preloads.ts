// A Vite plugin that writes .vite/route-preloads.json beside the build manifest, from the build's
// chunk graph: for each client route (client/src/config/paths.ts) the chunks its screen loads
// beyond the first script. The server adds them to index.html as <link rel="modulepreload"> for
// that path (server/src/lib/index-html.ts), so they load beside the first script, not after it.
// docs/decisions/0074-route-modulepreload.md
import path from 'node:path';
import type { Plugin } from 'vite';
import { paths, patternsOf } from '../client/src/config/paths.ts';

/** The parts of an output chunk this reads; `modules` relative to the client root. */
export interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

export interface RoutePreloads {
  /** In the router's order; the first route with a matching pattern wins. */
  routes: { patterns: string[]; files: string[] }[];
  /** For a path no route matches (the 404 screen). */
  fallback: string[];
}

/** What each screen is made of (client/src/app/router.tsx): the query provider and its module. */
const QUERY_PROVIDER = 'src/app/query-provider.tsx';
const screenModule = (key: string) =>
  `src/app/routes/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
/** Static in the first script: nothing to preload. */
const IN_ENTRY = new Set<string>(['catalogue']);
/**
 * Loaded beside a screen, apart from it: the board's heading (client/src/app/router.tsx) and the
 * early fetch of its data (client/src/app/board-prefetch.ts).
 */
const BESIDE: Record<string, string[]> = {
  leaderboard: ['src/app/routes/leaderboard-page.tsx', 'src/app/board-prefetch.ts'],
};

/**
 * The files (`/assets/...`) of the chunks holding `modules` and of their static imports, less what
 * the entry already loads (index.html has those), in import order. From the chunks, not the
 * manifest: a lazy module merged into a shared chunk (scripts/vite-landing-groups.ts) has no manifest
 * entry of its own.
 */
export function preloadFiles(chunks: Chunk[], modules: string[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: string[], into: Set<string>, skip = new Set<string>()) => {
    for (const f of files) {
      if (into.has(f) || skip.has(f)) continue;
      into.add(f);
      closure(byFile.get(f)?.imports ?? [], into, skip);
    }
    return into;
  };
  const entry = closure(
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
    new Set(),
  );
  const wanted = modules.map((m) => {
    const chunk = chunks.find((c) => c.modules.includes(m));
    if (!chunk) throw new Error(`route-preloads: no chunk holds ${m}`);
    return chunk.fileName;
  });
  return [...closure(wanted, new Set(), entry)].map((f) => `/${f}`);
}

export function routePreloads(chunks: Chunk[]): RoutePreloads {
  return {
    routes: Object.entries(paths).map(([key, route]) => ({
      // Every challenge any server may open (CHALLENGES is read at run time, not at build time):
      // a closed challenge's address then gets a screen's chunks it does not use, never fewer.
      patterns: [...patternsOf(route)],
      files: IN_ENTRY.has(key)
        ? []
        : preloadFiles(chunks, [QUERY_PROVIDER, screenModule(key), ...(BESIDE[key] ?? [])]),
    })),
    fallback: preloadFiles(chunks, ['src/app/routes/not-found.tsx']),
  };
}

export function routePreloadsPlugin(): Plugin {
  let root = '';
  return {
    name: 'fitbench-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Chunk[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          modules: out.moduleIds.map((id) => path.relative(root, id).split(path.sep).join('/')),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: JSON.stringify(routePreloads(chunks), null, 2),
      });
    },
  };
}
