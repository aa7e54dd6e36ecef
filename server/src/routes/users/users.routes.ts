import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { publicProfileSchema, usernameParamSchema } from '@common/schemas/profile';
import { PRIVATE_NO_STORE } from '../../lib/auth';
import { optionalSession } from '../../plugins/openapi';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const profile = await service.getPublicProfile(
        app.db,
        request.params.username,
        request.user?.id ?? null,
        app.boardCache,
      );
      // A signed-in viewer's answer may depend on who they are (a private member sees their own).
      reply.header('cache-control', request.user ? PRIVATE_NO_STORE : 'no-cache');
      return profile;
    },
  );
};
