import { transform } from 'esbuild';
import { SourceMap } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mapStack, sourceStack } from './source-stack';

const SOURCE = [
  'interface Point { x: number }',
  '',
  'export function explode(p: Point): number {',
  "  throw new Error('boom at ' + p.x);",
  '}',
].join('\n');

/** SOURCE compiled as the build compiles it, with its map, as if it sat at /srv/app/dist/server/index.js. */
async function compiled() {
  const out = await transform(SOURCE, {
    loader: 'ts',
    format: 'esm',
    sourcemap: 'external',
    sourcefile: '../../server/src/boom.ts',
  });
  const lines = out.code.split('\n');
  const line = lines.findIndex((l) => l.includes('throw new Error'));
  const column = lines[line]!.indexOf('throw');
  return { map: new SourceMap(JSON.parse(out.map)), line: line + 1, column: column + 1 };
}

const BUNDLE = 'file:///srv/app/dist/server/index.js';

describe('stacks in the TypeScript sources', () => {
  it("turns the build's frames into the source's file, line and column", async () => {
    const { map, line, column } = await compiled();
    const stack = [
      'Error: boom at 1',
      `    at explode (${BUNDLE}:${line}:${column})`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at run (file:///srv/app/node_modules/fastify/lib/route.js:12:3)',
    ].join('\n');
    expect(mapStack(stack, BUNDLE, map)).toBe(
      [
        'Error: boom at 1',
        // Line 4 of SOURCE, where the throw is; the path resolved beside the bundle.
        '    at explode (file:///srv/app/server/src/boom.ts:4:3)',
        '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
        '    at run (file:///srv/app/node_modules/fastify/lib/route.js:12:3)',
      ].join('\n'),
    );
  });

  it('leaves a stack with no frame of the build as it is, and a map with no entries changes nothing', async () => {
    const { map } = await compiled();
    const elsewhere = 'Error: x\n    at f (file:///srv/app/other.js:3:1)';
    expect(mapStack(elsewhere, BUNDLE, map)).toBe(elsewhere);
    const empty = new SourceMap({
      version: 3,
      file: 'index.js',
      sources: [],
      sourcesContent: [],
      sourceRoot: '',
      names: [],
      mappings: '',
    });
    const frame = `Error: x\n    at f (${BUNDLE}:3:1)`;
    expect(mapStack(frame, BUNDLE, empty)).toBe(frame);
  });

  it('run from source (no build, no map), a stack is left as it is', () => {
    const stack = new Error('here').stack;
    expect(sourceStack(stack)).toBe(stack);
    expect(sourceStack(undefined)).toBeUndefined();
  });
});
