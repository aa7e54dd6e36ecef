import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import os from 'node:os';
import type { Db } from './db/client';
import { trustProxyOption, type TrustProxy } from './lib/client-address';
import { ARGON2_DEFAULT_COST, argon2Limiter, configureArgon2Cost } from './lib/password';
import { compiledSerializerCompiler } from './lib/serializer';
import type { BoardCache } from './lib/board-cache';
import type { CardRenderer } from './lib/card-renderer';
import type { SessionCache } from './lib/session-cache';
import { boardCache } from './plugins/board-cache';
import { client } from './plugins/client';
import { jsonCompression } from './plugins/compression';
import { errors } from './plugins/errors';
import { openApi } from './plugins/openapi';
import { sameSiteCheck } from './plugins/same-site';
import { securityHeaders } from './plugins/security-headers';
import { session } from './plugins/session';
import { accountRoutes } from './routes/account/account.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { healthRoutes } from './routes/health/health.routes';
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes';
import { previewsRoutes } from './routes/previews/previews.routes';
import { profileRoutes } from './routes/profile/profile.routes';
import { sessionsRoutes } from './routes/sessions/sessions.routes';
import { usersRoutes } from './routes/users/users.routes';
import { workoutsRoutes } from './routes/workouts/workouts.routes';
import { FILL_BATCH } from './routes/leaderboard/period-fill';

export interface AppConfig {
  cookieSecure: boolean;
  /** Proxies whose X-Forwarded-For is believed (server/src/lib/client-address.ts). */
  trustProxy: TrustProxy;
  /** Failed logins per username and address, per address, in the window. */
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginWindowMs: number;
  registerMax: number;
  registerWindowMs: number;
  /** Answers "that email already has an account" per address and over all (0: no overall limit). */
  registerTakenMax: number;
  registerTakenGlobalMax: number;
  registerTakenWindowMs: number;
  /** Workouts one member may save in the window. */
  saveMax: number;
  saveWindowMs: number;
  /** Argon2 hashes at once, and how many more may wait (beyond: 503). */
  argon2Concurrency: number;
  argon2Queue: number;
  /** Argon2id cost of new hashes: OWASP's by default; only test suites that hash a lot lower it. */
  argon2Cost: { memoryCost: number; timeCost: number };
  /** Users per batch when a new leaderboard period is filled in the background; 0: not in the background (tests). */
  periodFillBatch: number;
  /** Folder of the built client; when absent only the API is served. */
  clientDir?: string;
  /**
   * The site's address (scheme://host[:port]) for the absolute URLs of link previews; absent:
   * relative URLs. Never taken from the request's Host (docs/decisions/0082-public-url.md).
   */
  publicUrl?: string;
  /** New share cards drawn per address in the window (beyond: 429); cards already drawn are free. */
  cardRenderMax: number;
  cardRenderWindowMs: number;
  /** Share-card render threads, and the cards that may wait for one (beyond: 503). */
  cardRenderWorkers: number;
  cardRenderQueue: number;
}

export const defaultConfig: AppConfig = {
  cookieSecure: false,
  trustProxy: false,
  loginMaxFailures: 10,
  loginIpMaxFailures: 30,
  loginWindowMs: 15 * 60_000,
  registerMax: 30,
  registerWindowMs: 60 * 60_000,
  registerTakenMax: 5,
  registerTakenGlobalMax: 100,
  registerTakenWindowMs: 60 * 60_000,
  saveMax: 30,
  saveWindowMs: 60 * 60_000,
  argon2Concurrency: os.availableParallelism(),
  argon2Queue: 4 * os.availableParallelism(),
  argon2Cost: ARGON2_DEFAULT_COST,
  periodFillBatch: FILL_BATCH,
  cardRenderMax: 30,
  cardRenderWindowMs: 60_000,
  cardRenderWorkers: 1,
  cardRenderQueue: 8,
};

export interface AppDeps {
  db: Db;
  config?: Partial<AppConfig>;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Leaderboard cache; off unless given (index.ts gives one; tests of the cache do too). */
  boardCache?: BoardCache;
  /** Signed-in lookups in memory; none unless given (index.ts gives one; its tests do too). */
  sessionCache?: SessionCache;
  /** Share-card renderer; made from the config unless given (tests that count renders give one). */
  cardRenderer?: CardRenderer;
  logger?: FastifyServerOptions['logger'];
  /** How long a request may take to arrive, and a connection stay silent (index.ts sets them; none in tests). */
  timeouts?: { requestMs: number; idleMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    now: () => Date;
    config: AppConfig;
  }
}

const BODY_LIMIT = 64 * 1024;

/**
 * A request (headers and body) must arrive within requestMs, its headers within at most 10 s of
 * it; a connection with no traffic either way for idleMs is closed. Node checks the request
 * timeouts on an interval (30 s by default), so it is shortened to keep a stalled body's cut
 * close to the limit. docs/decisions/0077-slow-bodies-and-connections.md
 */
function serverTimeouts({ requestMs, idleMs }: { requestMs: number; idleMs: number }) {
  return {
    requestTimeout: requestMs,
    connectionTimeout: idleMs,
    http: {
      requestTimeout: requestMs,
      headersTimeout: Math.min(10_000, requestMs),
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestMs / 4))),
    },
  };
}

/** The Fastify app: its context, the cross-cutting plugins, then the routes (last, the client). */
export async function buildApp(deps: AppDeps) {
  const config = { ...defaultConfig, ...deps.config };
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    ...(deps.timeouts ? serverTimeouts(deps.timeouts) : {}),
    // A URL the router cannot take apart (broken percent-encoding, a path parameter over 100
    // characters) gets the API's JSON error, without echoing the URL back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({ message: tooLong ? 'A part of the URL is too long.' : 'The URL is not valid.' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Bodies are JSON only: Fastify would also parse text/plain (a string no body schema takes,
  // a 400); without its parser such a body is refused as the API description says, with 415.
  app.removeContentTypeParser('text/plain');
  // Responses: fast-json-stringify compiled from the zod schemas (server/src/lib/serializer.ts).
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('config', config);
  argon2Limiter.configure(config.argon2Concurrency, config.argon2Queue);
  configureArgon2Cost(config.argon2Cost);

  await app.register(errors);
  await app.register(securityHeaders, { hsts: config.cookieSecure });
  await app.register(sameSiteCheck);
  await app.register(session, { cache: deps.sessionCache });
  await app.register(boardCache, { cache: deps.boardCache });
  // Before the routes: it describes those registered after it (GET /api/openapi.json, /api/docs).
  await app.register(openApi);

  // The API in one scope, so its JSON compression leaves the client's precompressed files alone.
  await app.register(
    async (api) => {
      await jsonCompression(api);
      for (const routes of [
        healthRoutes,
        authRoutes,
        workoutsRoutes,
        leaderboardRoutes,
        usersRoutes,
        accountRoutes,
        sessionsRoutes,
      ]) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );
  // Also serves uploaded avatars; it raises the body limit on its own route only.
  await app.register(profileRoutes);
  // Profile pages with link-preview tags and their share cards, before the SPA fallback.
  await app.register(previewsRoutes, { clientDir: config.clientDir, renderer: deps.cardRenderer });
  await app.register(client, { clientDir: config.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
