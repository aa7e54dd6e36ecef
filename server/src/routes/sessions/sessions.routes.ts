import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIdSchema, sessionListSchema, type Session } from '@common/schemas/account';
import { apiErrorSchema } from '@common/schemas/errors';
import { requireUser, signedIn } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { endPendingTokens } from '../../lib/account-tokens';
import { deleteOtherSessions, deleteSessionByPublicId, listLiveSessions } from '../../lib/session';
import { sha256Hex } from '../../lib/tokens';
import { describeDevice } from '../../lib/user-agent';

/** Where the user is signed in, and signing out elsewhere. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/sessions',
    {
      schema: {
        summary: 'Where I am signed in',
        operationId: 'listSessions',
        response: { 200: sessionListSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<Session[]> => {
      const user = requireUser(request);
      const current = sha256Hex(request.sessionToken!);
      const rows = await listLiveSessions(app.db, user.id, app.now());
      return rows.map((s) => ({
        id: s.publicId,
        current: s.id === current,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        device: describeDevice(s.userAgent),
      }));
    },
  );

  app.delete(
    '/sessions',
    {
      schema: {
        summary: 'Sign out everywhere else',
        operationId: 'endOtherSessions',
        response: { 204: z.null(), 401: apiErrorSchema },
      },
      config: { changesAuth: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Everywhere else includes the links emailed before: a change of address asked for from a
      // session that now ends must not complete (docs/decisions/0205-account-tokens-end-and-undo.md).
      await app.db.transaction(async (tx) => {
        await deleteOtherSessions(tx, user.id, request.sessionToken!);
        await endPendingTokens(tx, user.id);
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        summary: 'Sign out one of my other sessions',
        operationId: 'endSession',
        params: z.object({ id: sessionIdSchema }),
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      config: { changesAuth: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Another user's id is a 404 too: whether it exists is not revealed.
      const ended = await deleteSessionByPublicId(app.db, user.id, request.params.id);
      if (!ended) throw notFound('No such session.');
      return reply.code(204).send(null);
    },
  );
};
