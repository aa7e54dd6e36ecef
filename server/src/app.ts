import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '@common/constants';
import { isDatabaseUnavailable, type Db } from './db/client';
import type { users } from './db/schema';
import { BoardCache } from './lib/board-cache';
import { HttpError } from './lib/errors';
import { validateSession } from './lib/session';
import { authRoutes } from './routes/auth/auth.routes';
import { healthRoutes } from './routes/health/health.routes';
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes';
import { profileRoutes } from './routes/profile/profile.routes';
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

type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    now: () => Date;
    config: AppConfig;
    boardCache: BoardCache;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

const BODY_LIMIT = 64 * 1024;

/** Whether an Origin header names the host the request was sent to (default ports folded). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BOARD_WRITES = /^\/api\/(workouts|profile)(\/|\?|$)/;

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
  app.decorate('boardCache', deps.boardCache ?? new BoardCache({ enabled: false }));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the camera's face detector compile its own WebAssembly
        // (served from /camera/); it does not allow eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix's scroll lock injects a <style> element; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });

  // Decision 20: refuse state-changing requests that come from another site.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed.');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!sameHost(origin, request.headers.host)) {
        throw new HttpError(403, 'Cross-site requests are not allowed.');
      }
    }
  });

  // Resolve the session once per API request; handlers read request.user.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await validateSession(app.db, token, app.now());
    if (found) {
      request.user = found.user;
      request.sessionToken = token;
    }
  });

  // Writes that change leaderboards drop cached boards before their response leaves, whatever
  // the outcome (a failed request may still have committed). Add new write routes here.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && BOARD_WRITES.test(request.url)) app.boardCache.invalidate();
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ message: first, errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Send the request body as application/json.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    // A database outage is temporary: say so at once rather than a 500 (docs/decisions/0800-database-outages.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    request.log.error(error);
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(workoutsRoutes, { prefix: '/api' });
  await app.register(leaderboardRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  // Also serves uploaded avatars; it raises the body limit on its own route only.
  await app.register(profileRoutes);

  const clientDir = config.clientDir ? path.resolve(config.clientDir) : undefined;
  const indexHtml =
    clientDir && fs.existsSync(path.join(clientDir, 'index.html'))
      ? fs.readFileSync(path.join(clientDir, 'index.html'))
      : undefined;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !indexHtml) {
      return reply.code(404).send({ message: `No API route matches ${request.method} ${request.url.split('?')[0]}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // SPA fallback: the client router decides (and shows its own 404 page).
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
