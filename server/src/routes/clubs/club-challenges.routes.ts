import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clubChallengeDetailSchema,
  clubChallengeListSchema,
  clubChallengeParamsSchema,
  clubChallengeSchema,
  createClubChallengeSchema,
} from '@common/schemas/club-challenges';
import { clubParamsSchema, clubSlugParamSchema } from '@common/schemas/clubs';
import { apiErrorSchema } from '@common/schemas/errors';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { optionalSession } from '../../plugins/openapi';
import * as service from './club-challenges.service';

const err = apiErrorSchema;
// Every answer depends on who asks (their zone, the private members they may see): never shared.
const privateAnswer = { 'cache-control': PRIVATE_NO_STORE };
const params = clubChallengeParamsSchema.extend({ slug: clubSlugParamSchema });

/** A club's challenges (docs/decisions/0258-club-challenges.md); registered by ./clubs.routes.ts. */
export const clubChallengesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clubs/:slug/challenges',
    {
      schema: {
        summary: 'Set a challenge for the club (admins)',
        description:
          "One of the open challenges over calendar days (first and last included, at most 90), each member's own days in their own zone; an optional target in the challenge's range (for a challenge done for time: the seconds to finish within). The start may be up to 7 days back, as far back as a set may be dated.",
        operationId: 'createClubChallenge',
        params: clubParamsSchema,
        body: createClubChallengeSchema,
        response: { 201: clubChallengeSchema, 400: err, 401: err, 403: err, 404: err, 409: err },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await service.createClubChallenge(
        app.db,
        request.params.slug,
        user.id,
        request.body,
        app.config.challenges,
        app.now(),
      );
      return reply.code(201).headers(privateAnswer).send(created);
    },
  );

  app.get(
    '/clubs/:slug/challenges',
    {
      schema: {
        summary: "A club's challenges: current, upcoming and ended",
        operationId: 'listClubChallenges',
        security: optionalSession,
        params: clubParamsSchema,
        response: { 200: clubChallengeListSchema, 400: err, 404: err },
      },
    },
    async (request, reply) => {
      reply.headers(privateAnswer);
      return service.listClubChallenges(
        app.db,
        request.params.slug,
        request.user?.id ?? null,
        app.now(),
      );
    },
  );

  app.get(
    '/clubs/:slug/challenges/:id',
    {
      schema: {
        summary: 'A club challenge and its board (its result once ended)',
        description:
          "Each member's best set done in their own window, ranked among the club's members of now; private members for the club's members only, suspended members and hidden sets for nobody.",
        operationId: 'getClubChallenge',
        security: optionalSession,
        params,
        response: { 200: clubChallengeDetailSchema, 400: err, 404: err },
      },
    },
    async (request, reply) => {
      reply.headers(privateAnswer);
      return service.getClubChallenge(
        app.db,
        request.params.slug,
        request.user?.id ?? null,
        request.params.id,
        app.config.challenges,
        app.now(),
        app.config.publicUrl ?? '',
      );
    },
  );

  app.delete(
    '/clubs/:slug/challenges/:id',
    {
      schema: {
        summary: 'Delete a club challenge (admins)',
        operationId: 'deleteClubChallenge',
        params,
        response: { 204: z.null(), 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.deleteClubChallenge(app.db, request.params.slug, user.id, request.params.id);
      return reply.code(204).headers(privateAnswer).send(null);
    },
  );
};
