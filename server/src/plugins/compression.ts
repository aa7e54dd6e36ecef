import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * JSON answers over 1 KB compressed when the client accepts it (brotli, else gzip); smaller ones,
 * and anything else, are sent as they are. Registered inside the /api scope only (server/src/app.ts):
 * the client's files are compressed once at build and served as they are by @fastify/static
 * (docs/decisions/1251-precompressed-client.md), which a global compressor would break.
 * Brotli at quality 4: close to gzip's speed, smaller output. See docs/decisions/1258-json-compression.md.
 */
export async function jsonCompression(api: FastifyInstance) {
  await api.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
