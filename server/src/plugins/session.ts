import cookie from '@fastify/cookie';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '../db/schema';
import { PRIVATE_NO_STORE, sessionCookieName } from '../lib/auth';
import { validateSession } from '../lib/session';
import type { SessionCache } from '../lib/session-cache';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** Signed-in lookups kept in memory; null when the app runs without one (most tests). */
    sessionCache: SessionCache | null;
  }
  interface FastifyContextConfig {
    /**
     * The route changes a member's row or ends sessions (logout, password, profile, account):
     * before its answer leaves, every instance has been told (server/src/lib/session-cache.ts).
     */
    changesAuth?: boolean;
  }
}

/**
 * Resolves the session cookie once per API request (handlers read request.user), and marks API
 * answers `Cache-Control: private, no-store` unless a route says otherwise.
 */
export const session = fp<{ cache?: SessionCache }>(async (app: FastifyInstance, opts) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorate('sessionCache', opts.cache ?? null);
  const cache = opts.cache;
  const cookieName = sessionCookieName(app.config.cookieSecure);
  // Plain callbacks, not async functions: the common cases (not /api, no cookie) cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[cookieName];
    if (!token) return done();
    validateSession(app.db, token, app.now(), cache).then((found) => {
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
  if (!cache) return;
  // Only on the routes that declare it, so every other answer skips the hook.
  app.addHook('onRoute', (route) => {
    if (!route.config?.changesAuth) return;
    const sync: onSendHookHandler = (request, _reply, payload, done) => {
      // The member's next request here reads the database again, whatever the channel's delay;
      // other routes (a save) leave the cached lookup alone.
      if (request.user) cache.invalidateUser(request.user.id);
      // The write is done: the answer leaves even if the announcement could not be made.
      cache.sync().then(
        () => done(null, payload),
        () => done(null, payload),
      );
    };
    const own = route.onSend;
    route.onSend = own === undefined ? [sync] : [...(Array.isArray(own) ? own : [own]), sync];
  });
});
