import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@common/constants';
import type { users } from '../db/schema';
import { validateSession } from '../lib/session';

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** Resolves the session cookie once per API request; handlers read request.user. */
export const session = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await validateSession(app.db, token, app.now());
    if (found) {
      request.user = found.user;
      request.sessionToken = token;
    }
  });
});
