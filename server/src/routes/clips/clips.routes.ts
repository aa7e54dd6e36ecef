import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@common/schemas/errors';
import { CLIP_MAX_BASE64, CLIP_MIME, clipSchema, clipUploadSchema } from '@common/schemas/clips';
import { PRIVATE_NO_STORE, requireUser, signedIn } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { mediaResponse, optionalSession } from '../../plugins/openapi';
import * as service from './clips.service';
import { workoutIdParamsSchema } from '../workouts';

// A 1 MB clip is ~1.4 MB as base64 in JSON; only the upload accepts bodies that large.
const CLIP_BODY_LIMIT = CLIP_MAX_BASE64 + 1024;

/** Proof clips of camera-counted sets (docs/decisions/0121-proof-clips.md), recounted by the server (0240). */
export const clipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/workouts/:id/clip',
    {
      bodyLimit: CLIP_BODY_LIMIT,
      // Board entries and public profiles say which sets have a clip.
      config: { changesBoards: true },
      schema: {
        summary: "Keep a camera-counted set's proof clip",
        description:
          'The WebM (VP8 or VP9, at most 320x240 and 1 MB) the device recorded during the camera run. ' +
          'It is decoded on the server and kept only when it fits the 90-second run; another PUT replaces it. ' +
          'What is kept is the video stream re-muxed, not the upload as sent. The server then counts the reps again from it, ' +
          'in the background: a match makes the set recounted, and verified. A member may send a few uploads an hour (429); ' +
          'while every reader of the instance is busy, 503 with Retry-After.',
        operationId: 'putWorkoutClip',
        params: workoutIdParamsSchema,
        body: clipUploadSchema,
        response: {
          200: clipSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      // Signed-out requests are refused before a large body is read.
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const clip = await service.putClip(app.db, user.id, request.params.id, request.body.webm, {
        probes: app.clipProbes,
        limit: { max: app.config.clipUploadMax, windowMs: app.config.clipUploadWindowMs },
        now: app.now(),
      });
      // Recounted soon, on this instance or another (docs/decisions/0240-recounting-proof-clips.md).
      app.recounts.kick();
      return reply.header('cache-control', PRIVATE_NO_STORE).send(clip);
    },
  );

  app.get(
    '/workouts/:id/clip',
    {
      schema: {
        summary: "A set's proof clip",
        description:
          "For its member and moderators; for anyone when the member's clips are public, the member is neither private nor suspended and the set is not hidden.",
        operationId: 'getWorkoutClip',
        security: optionalSession,
        params: workoutIdParamsSchema,
        // The player's retry asks again under a new URL (client/src/components/ui/proof-clip.tsx).
        querystring: z.object({
          try: z
            .string()
            .regex(/^[0-9]{1,4}$/, 'try must be a count')
            .optional()
            .describe(
              "The player's retry count, so a failed load is not served from a cache; ignored.",
            ),
        }),
        response: {
          200: mediaResponse('The clip (WebM).', [CLIP_MIME]),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await service.getClipBytes(
        app.db,
        request.params.id,
        request.user?.id ?? null,
        request.user?.role === 'moderator',
      );
      if (!bytes) throw notFound('Clip not found.');
      // Who may watch can change (privacy settings): never cached as public.
      return reply
        .header('content-type', CLIP_MIME)
        .header('cache-control', PRIVATE_NO_STORE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  app.delete(
    '/workouts/:id/clip',
    {
      config: { changesBoards: true },
      schema: {
        summary: "Delete my set's proof clip",
        operationId: 'deleteWorkoutClip',
        params: workoutIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await service.deleteClip(app.db, user.id, request.params.id)))
        throw notFound('Clip not found.');
      return reply.code(204).send(null);
    },
  );
};
