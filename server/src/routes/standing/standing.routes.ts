import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scoreRangeError } from '@common/challenge-scores';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  standingParamsSchema,
  standingQuerySchema,
  standingSchema,
} from '@common/schemas/standing';
import { openChallengeOr } from '@common/schemas/workouts';
import type { OpenChallenge } from '@common/challenges';
import { requireUser, signedIn } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { readStanding } from './standing.service';

// Where you stand (docs/decisions/0221-where-you-stand.md): the member's own, so private, no-store.
export const standingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challenges/:id/standing',
    {
      onRequest: signedIn,
      schema: {
        summary:
          "Where the signed-in member's best (or a score) stands among members and published norms",
        operationId: 'getChallengeStanding',
        params: standingParamsSchema,
        querystring: standingQuerySchema,
        response: {
          200: standingSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = openChallengeOr(app.config.challenges, request.params.id);
      if (typeof found === 'string') throw notFound('No such open challenge.');
      const challenge = found as OpenChallenge;
      const { score, capped } = request.query;
      if (score === undefined && capped)
        throw badRequest('capped needs a score', { capped: ['capped needs a score'] });
      if (capped && challenge.scoring.kind !== 'for-time')
        throw badRequest('Only a set done for time can be capped', {
          capped: ['Only a set done for time can be capped'],
        });
      if (score !== undefined) {
        const error = scoreRangeError(challenge, score, capped);
        if (error) throw badRequest(error, { score: [error] });
      }
      return readStanding(
        app.db,
        user,
        challenge,
        score === undefined ? undefined : { score, capped },
        app.boardCache,
      );
    },
  );
};
