// A Vite plugin that writes .vite/route-preloads.json beside the build manifest: for each client
// route (client/src/config/paths.ts) the chunks its screen loads beyond the first script. The
// server adds them to index.html as <link rel="modulepreload"> for that path
// (server/src/plugins/client.ts), so they load beside the first script rather than after it.
// docs/decisions/1264-route-modulepreload.md
import type { Plugin } from 'vite';
import { paths } from '../client/src/config/paths.ts';

/** The parts of a Vite manifest entry this reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RoutePreloads {
  /** In the router's order; the first route with a matching pattern wins. */
  routes: { patterns: string[]; files: string[] }[];
  /** For a path no route matches (the 404 screen). */
  fallback: string[];
}

/** What each screen is made of (client/src/app/router.tsx): the query provider and its module. */
const QUERY_PROVIDER = 'src/app/query-provider.tsx';
const screenModule = (key: string) => `src/app/routes/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
/** Static in the first script: nothing to preload. */
const IN_ENTRY = new Set<string>(['catalogue']);

/**
 * The files (`/assets/...`) of `modules` and their static imports, less what the entry already
 * loads (index.html has those), in import order.
 */
export function preloadFiles(manifest: Manifest, modules: string[]): string[] {
  const entry = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route-preloads: ${key} is not in the build manifest`);
    if (into.has(key) || entry.has(key)) return;
    into.add(key);
    for (const i of chunk.imports ?? []) visit(i, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, entry);
  const wanted = new Set<string>();
  for (const m of modules) visit(m, wanted);
  return [...wanted].map((key) => `/${manifest[key]!.file}`);
}

export function routePreloads(manifest: Manifest): RoutePreloads {
  return {
    routes: Object.entries(paths).map(([key, route]) => ({
      patterns: [route.path, ...route.aliases],
      files: IN_ENTRY.has(key) ? [] : preloadFiles(manifest, [QUERY_PROVIDER, screenModule(key)]),
    })),
    fallback: preloadFiles(manifest, ['src/app/routes/not-found.tsx']),
  };
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'fitbench-route-preloads',
    apply: 'build',
    generateBundle: {
      // After Vite's own manifest plugin has added .vite/manifest.json to the bundle.
      order: 'post',
      handler(_options, bundle) {
        const asset = bundle['.vite/manifest.json'];
        if (asset?.type !== 'asset') throw new Error('route-preloads: build.manifest must be on');
        const manifest = JSON.parse(String(asset.source)) as Manifest;
        this.emitFile({
          type: 'asset',
          fileName: '.vite/route-preloads.json',
          source: JSON.stringify(routePreloads(manifest), null, 2),
        });
      },
    },
  };
}
