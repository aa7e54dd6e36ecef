import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes for /api/users (built by its own issue).
export const usersRoutes: FastifyPluginAsyncZod = async () => {};
