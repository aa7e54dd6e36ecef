import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an Origin header names exactly the origin the request was sent to: the same scheme and
 * the same host and port (default ports folded). The scheme is the connection's, or the one a
 * trusted proxy names in X-Forwarded-Proto (Fastify's request.protocol believes that header only
 * from an address TRUST_PROXY trusts). docs/decisions/0085-scheme-exact-origin-check.md
 */
export function sameOrigin(origin: string, scheme: string, host: string | undefined): boolean {
  const s = scheme.trim().toLowerCase();
  if (!host || (s !== 'http' && s !== 'https')) return false;
  try {
    const o = new URL(origin);
    const served = new URL(`${s}://${host}`);
    return o.protocol === served.protocol && o.host === served.host;
  } catch {
    return false;
  }
}

const refused = () => new HttpError(403, 'Cross-site requests are not allowed.');

/** State-changing requests whose Origin or Sec-Fetch-Site says another origin sent them get a 403. */
export const sameSiteCheck = fp(async (app: FastifyInstance) => {
  // A plain callback: a GET (most requests) returns at once without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // same-site is another origin too (a sibling subdomain, or http beside https).
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return done(refused());
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, request.protocol ?? '', request.headers.host)) {
      return done(refused());
    }
    done();
  });
});
