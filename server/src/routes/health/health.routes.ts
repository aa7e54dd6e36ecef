import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notReadyReason } from '../../db/client';

// Liveness and readiness for load balancers and process managers (docs/deploy.md).
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It never touches the database, so an outage does not get a
  // healthy process restarted.
  app.get(
    '/health',
    // A few bytes, never compressed: no compression hook either (health is polled often).
    {
      compress: false,
      schema: {
        summary: 'Liveness: the process answers',
        operationId: 'getHealth',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the process is not stopping, the database answers and this build's migrations are applied.
  app.get(
    '/ready',
    {
      compress: false,
      schema: {
        summary: 'Readiness: the database answers and is migrated',
        operationId: 'getReadiness',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not ready'), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // While stopping, 503 at once, so balancers that probe it stop sending before the port
      // closes (docs/decisions/0042-rolling-restarts.md).
      const stopping = () =>
        reply.code(503).send({ status: 'not ready' as const, message: 'shutting down' });
      if (app.lifecycle.stopping) return stopping();
      const reason = await notReadyReason(app.db);
      // Asked again: a probe that arrived just before SIGTERM and waited on the database
      // meanwhile must not answer 200 after it.
      if (app.lifecycle.stopping) return stopping();
      if (reason) return reply.code(503).send({ status: 'not ready' as const, message: reason });
      return { status: 'ready' as const };
    },
  );
};
