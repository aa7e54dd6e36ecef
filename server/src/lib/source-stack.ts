import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Stack traces that name the TypeScript files, read from the build's source map only when a stack
// is logged. Node's own source maps (--enable-source-maps) read the maps of every module that
// has one as it loads (drizzle-orm ships about 900), and parse them at the first stack anything
// reads (Fastify reads one per plugin): a quarter of a second of every start, for traces seen
// only when something failed (docs/decisions/0191-start-without-a-blocked-loop.md).

/** Escapes a string for use inside a regular expression. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `stack` with each frame in `fileUrl` (file:///…/index.js:line:column, 1-based) replaced by the
 * original file, line and column that `map` gives, as Node's source maps print them; frames the
 * map does not cover, and frames of other files, are left as they are.
 */
export function mapStack(stack: string, fileUrl: string, map: SourceMap): string {
  const dir = path.dirname(fileURLToPath(fileUrl));
  return stack.replace(
    new RegExp(`${literal(fileUrl)}:(\\d+):(\\d+)`, 'g'),
    (frame, line, column) => {
      const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as {
        originalSource?: string;
        originalLine?: number;
        originalColumn?: number;
      };
      if (!entry.originalSource || entry.originalLine === undefined) return frame;
      const source = entry.originalSource.startsWith('file:')
        ? entry.originalSource
        : pathToFileURL(path.resolve(dir, entry.originalSource)).href;
      return `${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
    },
  );
}

// This module's own URL: in the build, the bundle (dist/server/index.js) whose map sits beside it;
// run from source (tsx, the tests), a .ts file with no map, whose stacks need nothing.
const here = import.meta.url;
let bundleMap: SourceMap | null | undefined;

function loadBundleMap(): SourceMap | null {
  if (bundleMap !== undefined) return bundleMap;
  try {
    bundleMap = new SourceMap(JSON.parse(fs.readFileSync(`${fileURLToPath(here)}.map`, 'utf8')));
  } catch {
    bundleMap = null;
  }
  return bundleMap;
}

/** A stack of the running server with its frames in the TypeScript sources (see mapStack). */
export function sourceStack(stack: string | undefined): string | undefined {
  if (!stack || !stack.includes(here)) return stack;
  const map = loadBundleMap();
  return map ? mapStack(stack, here, map) : stack;
}
