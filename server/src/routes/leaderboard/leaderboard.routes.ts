import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes for /api/leaderboard (built by its own issue).
export const leaderboardRoutes: FastifyPluginAsyncZod = async () => {};
