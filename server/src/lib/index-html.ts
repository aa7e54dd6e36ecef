import fs from 'node:fs';
import path from 'node:path';

/** What the client build writes beside its manifest (scripts/vite-route-preloads.ts). */
export interface RoutePreloads {
  /** In the router's order; the first route with a matching pattern wins. */
  routes: { patterns: string[]; files: string[] }[];
  /** For a path no route matches (the 404 screen). */
  fallback: string[];
}

/**
 * The index.html to serve for each client path, built once: index.html with a
 * <link rel="modulepreload"> for each chunk the path's screen loads beyond the first script, so
 * they are asked for beside it, not after it has run. At low priority: the first script (and the
 * first paint, which needs only it) comes first; at the default (high) they took its bandwidth and
 * the first paint came later under Lighthouse's throttling (npm run bench:web, docs/benchmarks.md). A path is matched as the client router
 * matches it: any case, an optional final slash. Without preloads (a build from before them)
 * every path gets index.html as it is. docs/decisions/0074-route-modulepreload.md
 */
export function indexHtmlByPath(
  indexHtml: Buffer,
  preloads: RoutePreloads | undefined,
): (pathname: string) => Buffer {
  if (!preloads) return () => indexHtml;
  const html = indexHtml.toString('utf8');
  const withLinks = (files: string[]) =>
    files.length === 0
      ? indexHtml
      : Buffer.from(
          html.replace(
            '</head>',
            `${files.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`).join('')}</head>`,
          ),
        );
  // A param is one segment; the patterns hold only letters, digits, dashes and slashes.
  const routes = preloads.routes.map((r) => ({
    patterns: r.patterns.map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}/?$`, 'i')),
    html: withLinks(r.files),
  }));
  const fallback = withLinks(preloads.fallback);
  return (pathname) =>
    routes.find((r) => r.patterns.some((p) => p.test(pathname)))?.html ?? fallback;
}

/**
 * index.html telling the client which challenges are open (client/src/lib/challenges.ts reads the
 * tag): every screen knows from its first script, without a request. Ids are catalogue ids
 * (letters, digits and dashes), so they need no escaping.
 */
export function withOpenChallenges(indexHtml: Buffer, openIds: readonly string[]): Buffer {
  const tag = `<meta name="fitbench-challenges" content="${openIds.filter((id) => /^[a-z0-9-]+$/.test(id)).join(',')}">`;
  return Buffer.from(indexHtml.toString('utf8').replace('</head>', `${tag}</head>`));
}

/** The built client's index.html by path, or undefined when `clientDir` has no index.html. */
export function loadIndexHtml(
  clientDir: string | undefined,
  openIds: readonly string[] = [],
): ((pathname: string) => Buffer) | undefined {
  if (!clientDir) return undefined;
  const indexFile = path.join(path.resolve(clientDir), 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const preloadsFile = path.join(path.resolve(clientDir), '.vite', 'route-preloads.json');
  const preloads = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as RoutePreloads)
    : undefined;
  return indexHtmlByPath(withOpenChallenges(fs.readFileSync(indexFile), openIds), preloads);
}
