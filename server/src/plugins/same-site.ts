import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an Origin header names the host the request was sent to (default ports folded). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** State-changing requests whose Origin or Sec-Fetch-Site says another site sent them get a 403. */
export const sameSiteCheck = fp(async (app: FastifyInstance) => {
  // A plain callback: a GET (most requests) returns at once without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return done(new HttpError(403, 'Cross-site requests are not allowed.'));
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameHost(origin, request.headers.host)) {
      return done(new HttpError(403, 'Cross-site requests are not allowed.'));
    }
    done();
  });
});
