import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openChallenges } from '@common/challenges';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  publicProfileSchema,
  usernameParamSchema,
  type PublicProfile,
} from '@common/schemas/profile';
import { PRIVATE_NO_STORE } from '../../lib/auth';
import { optionalSession } from '../../plugins/openapi';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const openIds = openChallenges(app.config.challenges).map((c) => c.id);
  // Public (docs/product.md#public-and-personal-data): share links land on profiles.
  app.get(
    '/users/:username',
    {
      schema: {
        summary: "A member's public profile",
        operationId: 'getPublicProfile',
        // A signed-in member also sees their own profile while it is private.
        security: optionalSession,
        params: z.object({ username: usernameParamSchema }),
        response: { 200: publicProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) {
        // A visitor's answer is the same for everyone: bytes made once per kept profile.
        const { body, encoding } = await service.getPublicProfileBytes(
          app.db,
          request.params.username,
          app.boardCache,
          openIds,
          request.headers['accept-encoding'],
        );
        reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        return reply.send(body as unknown as PublicProfile);
      }
      const profile = await service.getPublicProfile(
        app.db,
        request.params.username,
        request.user?.id ?? null,
        app.boardCache,
        openIds,
      );
      // A signed-in viewer's answer may depend on who they are (a private member sees their own).
      reply.header('cache-control', request.user ? PRIVATE_NO_STORE : 'no-cache');
      return profile;
    },
  );
};
