// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy of every text asset after the
// build, so the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing on each request or not at all. Design: docs/decisions/0060-precompressed-client.md
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function compressFile(file: string): { br: number; gz: number } | null {
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) return null;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  // A copy no smaller than the original is useless: the server then sends the original.
  if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  return { br: br.length, gz: gz.length };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '.vite' ? [] : walk(p);
    return COMPRESSIBLE.test(e.name) ? [p] : [];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fitbench-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) compressFile(file);
    },
  };
}
