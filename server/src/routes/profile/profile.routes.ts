import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes for /api/profile (built by its own issue).
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
