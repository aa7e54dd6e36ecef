import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Responses over 1 KB compressed when the client accepts it (brotli, else gzip); smaller ones are
 * sent as they are, since compressing them costs more time than the bytes save. Levels favour
 * speed: brotli 4 and gzip 6 keep a 20 KB board under a millisecond.
 * See docs/decisions/1201-per-request-work.md.
 */
export const COMPRESS_THRESHOLD = 1024;

export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
