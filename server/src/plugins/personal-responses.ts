import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVATE_NO_STORE } from '../lib/auth';

/**
 * A response made for a signed-in user depends on their session: no shared or browser cache may
 * keep it (`private, no-store`), unless its route chose a header itself (a public board, an image).
 */
export const personalResponses = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', PRIVATE_NO_STORE);
    }
    return payload;
  });
});
