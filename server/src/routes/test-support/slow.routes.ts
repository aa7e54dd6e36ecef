import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/test/slow?ms=N: answers after N ms, then a database round trip. Registered only when
 * TEST_SLOW_ROUTE=true (the reliability suite's graceful-stop proof needs requests that are
 * still running when SIGTERM arrives); never in a normal start.
 */
export const slowTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test/slow',
    {
      schema: {
        summary: 'Answers after a delay (reliability tests only)',
        operationId: 'testSlow',
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000).default(1_000) }),
        response: { 200: z.object({ sleptMs: z.number() }) },
      },
    },
    async (request) => {
      await new Promise((r) => setTimeout(r, request.query.ms));
      await app.db.execute(sql`select 1`);
      return { sleptMs: request.query.ms };
    },
  );
};
