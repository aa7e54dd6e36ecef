import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { challengeListSchema } from '@common/schemas/challenges';

// The catalogue with what the operator opened (CHALLENGES): public and the same for everyone, so
// shared caches may keep it a while (docs/decisions/0098-challenge-catalogue.md).
export const challengesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challenges',
    {
      schema: {
        summary: 'The challenge catalogue, with which challenges are open',
        operationId: 'listChallenges',
        response: { 200: challengeListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return [...app.config.challenges];
    },
  );
};
