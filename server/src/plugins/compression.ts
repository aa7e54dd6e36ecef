import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this go as they are. */
export const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
export type JsonEncoding = (typeof ENCODINGS)[number];
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
// For bytes sent a few times and then dropped (a board read with the cache off): much less
// time for a few more bytes (measured by npm run bench, see docs/benchmarks.md).
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP_FAST = { level: 1 };

/**
 * JSON answers over 1 KB compressed when the client accepts it (brotli, else gzip); smaller ones,
 * and anything else, are sent as they are. Registered inside the /api scope only (server/src/app.ts):
 * the client's files are compressed once at build and served as they are by @fastify/static
 * (docs/decisions/0060-precompressed-client.md), which a global compressor would break.
 * Brotli at quality 4: close to gzip's speed, smaller output. See docs/decisions/0067-json-compression.md.
 */
export async function jsonCompression(api: FastifyInstance) {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    customTypes: /^application\/json/,
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
  });
}

const negotiated = new Map<string, JsonEncoding | null>();

/**
 * The encoding @fastify/compress would choose for this Accept-Encoding (same negotiation: `*` and
 * x-gzip read as gzip), for routes that send bytes they compressed once (a cached board).
 */
export function acceptedEncoding(header: string | undefined): JsonEncoding | null {
  if (!header) return null;
  // Browsers send a handful of distinct headers: each is negotiated once (bounded memory).
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : null;
  if (negotiated.size >= 256) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

/**
 * JSON text compressed as the plugin would (brotli quality 4, gzip level 6), or, `fast`, at the
 * lowest levels, for bytes that are sent a few times and dropped (docs/decisions/0075-fresh-reads-shared.md).
 */
export function compressJson(text: string, encoding: JsonEncoding, fast = false): Buffer {
  if (encoding === 'br') return brotliCompressSync(text, fast ? BROTLI_FAST : BROTLI);
  return gzipSync(text, fast ? GZIP_FAST : GZIP);
}
