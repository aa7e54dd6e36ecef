import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { followListSchema, followPageQuerySchema } from '@common/schemas/follows';
import { usernameParamSchema } from '@common/schemas/profile';
import { NEXT_CURSOR_HEADER } from '@common/schemas/workouts';
import { requireUser, signedIn } from '../../lib/auth';
import { FOLLOWS_SCOPE } from '../leaderboard';
import { decodedCursor } from '../workouts';
import * as service from './following.service';

// The cursor is opaque to clients; here it is decoded, so a forged one is a field error (400).
const pageQuerySchema = followPageQuerySchema.extend({
  cursor: decodedCursor(followPageQuerySchema.shape.cursor),
});

const params = z.object({ username: usernameParamSchema });

// docs/product.md#following. Every route is the member's own: visitors get 401.
export const followingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

  // A follow changes the counts on two profiles, which the board cache keeps (users.service.ts):
  // the cache's follows scope drops them, and leaves the boards alone.
  const changes = { changesBoards: true } as const;

  app.put(
    '/following/:username',
    {
      config: changes,
      schema: {
        summary: 'Follow a member',
        operationId: 'follow',
        params,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.follow(app.db, user.id, request.params.username);
      request.boardScope = FOLLOWS_SCOPE;
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/following/:username',
    {
      config: changes,
      schema: {
        summary: 'Stop following a member',
        operationId: 'unfollow',
        params,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.unfollow(app.db, user.id, request.params.username);
      request.boardScope = FOLLOWS_SCOPE;
      return reply.code(204).send(null);
    },
  );

  for (const which of ['following', 'followers'] as const)
    app.get(
      `/${which}`,
      {
        schema: {
          summary: which === 'following' ? 'The members I follow' : 'The members who follow me',
          operationId: which === 'following' ? 'listFollowing' : 'listFollowers',
          querystring: pageQuerySchema,
          response: { 200: followListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { items, nextCursor } = await service.listFollows(
          app.db,
          user.id,
          which,
          request.query,
        );
        if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
        return items;
      },
    );
};
