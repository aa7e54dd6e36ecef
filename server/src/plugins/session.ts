import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema';
import { PRIVATE_NO_STORE, sessionCookieName } from '../lib/auth';
import { validateSession } from '../lib/session';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/**
 * Resolves the session cookie once per API request (handlers read request.user), and marks API
 * answers `Cache-Control: private, no-store` unless a route says otherwise.
 */
export const session = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  const cookieName = sessionCookieName(app.config.cookieSecure);
  // Plain callbacks, not async functions: the common cases (not /api, no cookie) cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[cookieName];
    if (!token) return done();
    validateSession(app.db, token, app.now()).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionToken = token;
      }
      done();
    }, done);
  });
  // Any API answer may depend on who asks: no shared cache may keep it, and the browser should
  // not store it. Routes that are the same for everyone set their own Cache-Control.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
    done(null, payload);
  });
});
