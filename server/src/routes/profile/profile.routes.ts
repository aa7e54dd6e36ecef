import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '@common/schemas/auth';
import { apiErrorSchema } from '@common/schemas/errors';
import { AVATAR_MIME_TYPES, avatarIdSchema, updateProfileSchema } from '@common/schemas/profile';
import { requireUser, signedIn, toUserDto } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { mediaResponse } from '../../plugins/openapi';
import * as service from './profile.service';

// A 1.5 MB photo is ~2.1 MB as base64 in JSON; only this route accepts bodies that large.
const PROFILE_BODY_LIMIT = Math.ceil(2.2 * 1024 * 1024);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/profile',
    {
      // Boards show the username, age, gender and picture.
      config: { changesBoards: true, changesAuth: true },
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        summary: 'Change my profile and picture',
        operationId: 'updateProfile',
        body: updateProfileSchema,
        response: {
          200: userSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
      // Signed-out requests are refused before a (possibly large) body is read.
      onRequest: signedIn,
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await service.updateProfile(app.db, user.id, request.body);
      // docs/product.md#what-responses-contain: the signed-in user's own view, with email, never the hash.
      return toUserDto(updated);
    },
  );

  app.get(
    '/avatars/:id',
    {
      schema: {
        summary: 'A profile picture',
        operationId: 'getAvatar',
        params: z.object({ id: avatarIdSchema }),
        response: {
          200: mediaResponse('The picture, in the type it was uploaded as.', AVATAR_MIME_TYPES),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const avatar = await service.getAvatar(app.db, request.params.id);
      if (!avatar) throw notFound('Picture not found.');
      // Ids are random and never reused, so the bytes behind a URL never change; still, a capture
      // that was replaced or deleted leaves caches within a day.
      return reply
        .header('content-type', avatar.mime)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(avatar.bytes);
    },
  );
};
