import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { achievementsSchema } from '@common/schemas/badges';
import { apiErrorSchema } from '@common/schemas/errors';
import { usernameParamSchema } from '@common/schemas/profile';
import { PRIVATE_NO_STORE, requireUser, signedIn } from '../../lib/auth';
import { optionalSession } from '../../plugins/openapi';
import { getAchievements, getPublicAchievements } from './badges.service';

// Badges and streaks (docs/decisions/0233-achievements-api-and-screens.md).
export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/achievements',
    {
      schema: {
        summary: 'My badges and streaks',
        operationId: 'getMyAchievements',
        response: { 200: achievementsSchema, 401: apiErrorSchema },
      },
      onRequest: signedIn,
    },
    async (request) =>
      getAchievements(app.db, requireUser(request), app.now(), app.config.challenges),
  );

  app.get(
    '/users/:username/achievements',
    {
      schema: {
        summary: "A member's badges and streaks",
        operationId: 'getPublicAchievements',
        // A signed-in member also sees their own while private, as their profile.
        security: optionalSession,
        params: z.object({ username: usernameParamSchema }),
        response: { 200: achievementsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      const answer = await getPublicAchievements(
        app.db,
        request.params.username,
        viewerId,
        app.now(),
        app.config.challenges,
      );
      // The day streak moves with the clock: a visitor's answer is revalidated each time.
      reply.header('cache-control', viewerId === null ? 'no-cache' : PRIVATE_NO_STORE);
      return answer;
    },
  );
};
