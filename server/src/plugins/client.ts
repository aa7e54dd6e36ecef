import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';

const NO_CACHE = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

/**
 * The built client (when its folder has an index.html) and the SPA fallback: unknown API paths
 * are JSON 404s, other GETs get index.html and the client router decides.
 */
export const client = fp<{ clientDir?: string }>(async (app: FastifyInstance, opts) => {
  const clientDir = opts.clientDir ? path.resolve(opts.clientDir) : undefined;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text asset (scripts/vite-precompress.ts):
      // sent as they are to a browser that accepts them, nothing compressed per request.
      // docs/decisions/1251-precompressed-client.md
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change. The service worker and the manifest are checked on
        // every load, so a new version is seen at once (docs/decisions/1103-pwa-and-offline-saves.md);
        // everything else is revalidated after an hour.
        const name = path.basename(filePath);
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : NO_CACHE.has(name)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !indexHtml) {
      return reply.code(404).send({ message: `No API route matches ${request.method} ${request.url.split('?')[0]}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
});
