import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes for /api/workouts (built by its own issue).
export const workoutsRoutes: FastifyPluginAsyncZod = async () => {};
