// No import cycle in the server, re-exports included. ESLint's import-x/no-cycle follows imports
// but not `export ... from`, so a cycle through a module's index.ts (server/src/routes/<module>/
// index.ts re-exports its parts) would pass the lint and still make the order of evaluation
// matter. esbuild's graph of the bundle has every edge. docs/decisions/0214-the-leaderboard-module-and-server-fences.md
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Every cycle found by a depth-first walk, each as the files on it (the first one repeated last). */
export function cyclesIn(graph: Record<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph[file] ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of Object.keys(graph)) if (!state.has(file)) visit(file);
  return cycles;
}

/** The server's files and what each imports or re-exports, from its entry and its commands. */
async function serverGraph(): Promise<Record<string, string[]>> {
  const cli = fs.readdirSync(path.join(root, 'server/src/cli')).filter((f) => f.endsWith('.ts'));
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/src/index.ts', ...cli.map((f) => `server/src/cli/${f}`)],
    outdir: 'dist/.import-cycles',
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'silent',
  });
  return Object.fromEntries(
    Object.entries(metafile.inputs).map(([file, input]) => [
      file,
      input.imports.filter((i) => !i.external).map((i) => i.path),
    ]),
  );
}

describe('server imports', () => {
  it('form no cycle, through an index.ts or otherwise', async () => {
    const graph = await serverGraph();
    expect(
      Object.keys(graph).filter((f) => f.startsWith('server/src/routes/')).length,
    ).toBeGreaterThan(50);
    expect(cyclesIn(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle through a re-export', () => {
    const graph = {
      'app.ts': ['a/index.ts'],
      'a/index.ts': ['a/a.routes.ts', 'a/part.ts'],
      'a/a.routes.ts': ['b/index.ts'],
      'b/index.ts': ['b/part.ts'],
      'b/part.ts': ['a/index.ts'],
      'a/part.ts': [],
    };
    expect(cyclesIn(graph)).toEqual([
      ['a/index.ts', 'a/a.routes.ts', 'b/index.ts', 'b/part.ts', 'a/index.ts'],
    ]);
    expect(cyclesIn({ ...graph, 'b/part.ts': ['a/part.ts'] })).toEqual([]);
  });
});
