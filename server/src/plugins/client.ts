import { openChallenges } from '@common/challenges';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { requestLanguage, sayIn } from '../lib/i18n';
import { loadIndexHtml } from '../lib/index-html';
import { allowedMethods } from './strict-requests';

const NO_CACHE = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

/**
 * The built client (when its folder has an index.html) and the SPA fallback: unknown API paths
 * are JSON 404s, other GETs get index.html (with the path's modulepreloads) and the client router
 * decides.
 */
export const client = fp<{ clientDir?: string }>(async (app: FastifyInstance, opts) => {
  const clientDir = opts.clientDir ? path.resolve(opts.clientDir) : undefined;
  // index.html with the modulepreloads of the path's screen (server/src/lib/index-html.ts).
  const htmlFor = loadIndexHtml(
    clientDir,
    openChallenges(app.config.challenges).map((c) => c.id),
  );
  if (clientDir && htmlFor) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text asset (scripts/vite-precompress.ts):
      // sent as they are to a browser that accepts them, nothing compressed per request.
      // docs/decisions/0060-precompressed-client.md
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change. The service worker and the manifest are checked on
        // every load, so a new version is seen at once (docs/decisions/0055-pwa-and-offline-saves.md);
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
    // In the request's language (server/src/locales/); English as it always was.
    const lang = requestLanguage(request);
    // A path the app has, asked with a method it does not have there.
    const path = request.url.split('?')[0]!;
    const allow = allowedMethods(app, path);
    if (allow.length && !allow.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allow.join(', '))
        .send({
          message: sayIn(lang, '{method} is not allowed on {path}. Allowed: {allowed}.', {
            method: request.method,
            path,
            allowed: allow.join(', '),
          }),
        });
    }
    if (request.url.startsWith('/api/') || request.url === '/api' || !htmlFor) {
      return reply.code(404).send({
        message: sayIn(lang, 'No API route matches {method} {path}.', {
          method: request.method,
          path,
        }),
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: sayIn(lang, 'Not found.') });
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(htmlFor(request.url.split('?')[0]!));
  });
});
