import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/test/slow?ms=N: answers after N ms, then a database round trip; GET
 * /api/test/slow/in-flight: how many of those are being answered now (a test waits for them all
 * to have arrived before it signals a stop, instead of guessing a time). GET
 * /api/test/hold-database?ms=N: answers at once, and keeps a database transaction open for N ms
 * in the background (a database call that does not return: the stop must still end). Registered
 * only when TEST_SLOW_ROUTE=true (the reliability suite's stop proofs); never in a normal start.
 */
export const slowTestRoutes: FastifyPluginAsyncZod = async (app) => {
  let inFlight = 0;
  app.get(
    '/test/slow/in-flight',
    {
      schema: {
        summary: 'Slow requests being answered now (reliability tests only)',
        operationId: 'testSlowInFlight',
        response: { 200: z.object({ inFlight: z.number() }) },
      },
    },
    async () => ({ inFlight }),
  );
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
      inFlight += 1;
      try {
        await new Promise((r) => setTimeout(r, request.query.ms));
        await app.db.execute(sql`select 1`);
        return { sleptMs: request.query.ms };
      } finally {
        inFlight -= 1;
      }
    },
  );
  app.get(
    '/test/hold-database',
    {
      schema: {
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(600_000).default(60_000) }),
        response: { 202: z.object({ holdingMs: z.number() }) },
      },
    },
    async (request, reply) => {
      const ms = request.query.ms;
      // Answered once the transaction is open (its first statement ran), so a stop that follows
      // finds it open.
      await new Promise<void>((opened) => {
        void app.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            opened();
            await new Promise((r) => setTimeout(r, ms));
          })
          .catch(() => opened());
      });
      return reply.code(202).send({ holdingMs: ms });
    },
  );
};
