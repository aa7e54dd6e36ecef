import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { publicProfileSchema, usernameParamSchema } from '@common/schemas/profile';
import * as service from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public (docs/product.md#public-and-personal-data): share links land on profiles.
  app.get(
    '/users/:username',
    {
      schema: {
        params: z.object({ username: usernameParamSchema }),
        response: { 200: publicProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = await service.getPublicProfile(app.db, request.params.username);
      reply.header('cache-control', 'no-cache');
      return profile;
    },
  );
};
