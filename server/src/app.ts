import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { BoardCache } from './lib/board-cache';
import { boardCache } from './plugins/board-cache';
import { client } from './plugins/client';
import { errors } from './plugins/errors';
import { personalResponses } from './plugins/personal-responses';
import { sameSiteCheck } from './plugins/same-site';
import { securityHeaders } from './plugins/security-headers';
import { session } from './plugins/session';
import { accountRoutes } from './routes/account/account.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { healthRoutes } from './routes/health/health.routes';
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes';
import { profileRoutes } from './routes/profile/profile.routes';
import { sessionsRoutes } from './routes/sessions/sessions.routes';
import { usersRoutes } from './routes/users/users.routes';
import { workoutsRoutes } from './routes/workouts/workouts.routes';

export interface AppConfig {
  cookieSecure: boolean;
  trustProxy: boolean;
  loginMaxFailures: number;
  loginWindowMs: number;
  registerMax: number;
  registerWindowMs: number;
  /** Folder of the built client; when absent only the API is served. */
  clientDir?: string;
}

export const defaultConfig: AppConfig = {
  cookieSecure: false,
  trustProxy: false,
  loginMaxFailures: 10,
  loginWindowMs: 15 * 60_000,
  registerMax: 30,
  registerWindowMs: 60 * 60_000,
};

export interface AppDeps {
  db: Db;
  config?: Partial<AppConfig>;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Leaderboard cache; off unless given (index.ts gives one; tests of the cache do too). */
  boardCache?: BoardCache;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    now: () => Date;
    config: AppConfig;
  }
}

const BODY_LIMIT = 64 * 1024;

/** The Fastify app: its context, the cross-cutting plugins, then the routes (last, the client). */
export async function buildApp(deps: AppDeps) {
  const config = { ...defaultConfig, ...deps.config };
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('config', config);

  await app.register(errors);
  await app.register(securityHeaders, { hsts: config.cookieSecure });
  await app.register(sameSiteCheck);
  await app.register(session);
  await app.register(boardCache, { cache: deps.boardCache });
  await app.register(personalResponses);

  for (const routes of [
    healthRoutes,
    authRoutes,
    workoutsRoutes,
    leaderboardRoutes,
    usersRoutes,
    accountRoutes,
    sessionsRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  // Also serves uploaded avatars; it raises the body limit on its own route only.
  await app.register(profileRoutes);
  await app.register(client, { clientDir: config.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
