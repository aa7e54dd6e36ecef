import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  leaderboardMeQuerySchema,
  leaderboardMeSchema,
  leaderboardPeriodSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  type LeaderboardEntry,
} from '@common/schemas/leaderboard';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { followingSet } from '../following';
import { optionalSession } from '../../plugins/openapi';
import { openChallenge } from '../challenges';

const params = z.object({ period: leaderboardPeriodSchema });

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public (docs/product.md#public-and-personal-data): visitors see the boards too. The read
  // itself (key, length, cache, compression) is app.boardReads' (./board-read.ts).
  app.get(
    '/leaderboard/:period',
    {
      schema: {
        summary: 'A leaderboard for a period',
        operationId: 'getLeaderboard',
        params,
        querystring: leaderboardQuerySchema,
        // scope=following: the member's own board (401 for visitors).
        security: optionalSession,
        response: { 200: leaderboardSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // The signed-in member's and the people they follow (docs/product.md#following).
      const user = query.scope === 'following' ? requireUser(request) : undefined;
      openChallenge(app.config.challenges, query.challenge);
      const { body, encoding } = user
        ? await app.boardReads.readMembers(
            followingSet(user.id),
            request.params.period,
            query,
            app.now(),
            request.headers['accept-encoding'],
          )
        : await app.boardReads.read(
            request.params.period,
            query,
            app.now(),
            request.headers['accept-encoding'],
          );
      // Ranks change with every save; browsers always ask again. A following board is the member's.
      reply
        .header('cache-control', user ? PRIVATE_NO_STORE : 'no-cache')
        .type('application/json; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      // The hottest public read: the database wrote the entries' JSON (only the schema's keys, in
      // order; the tests check the exact shape), so the bytes are sent as they are, skipping zod's
      // response encoding (it cost more than the query: npm run bench, docs/benchmarks.md).
      return reply.send(body as unknown as LeaderboardEntry[]);
    },
  );

  app.get(
    '/leaderboard/:period/me',
    {
      schema: {
        summary: 'My place on a leaderboard',
        operationId: 'getMyStanding',
        params,
        querystring: leaderboardMeQuerySchema,
        response: { 200: leaderboardMeSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      openChallenge(app.config.challenges, request.query.challenge);
      const { query } = request;
      const me =
        query.scope === 'following'
          ? await app.boardReads.meInMembers(
              followingSet(user.id),
              user.id,
              request.params.period,
              query,
              app.now(),
            )
          : await app.boardReads.me(user.id, request.params.period, query, app.now());
      reply.header('cache-control', 'private, no-store');
      return me;
    },
  );
};
