import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import { trustProxyOption } from './lib/client-address';
import { argon2Limiter, configureArgon2Cost } from './lib/password';
import { requestLanguageScope } from './lib/i18n';
import { compiledSerializerCompiler } from './lib/serializer';
import { boardCache, boardReads, periodFill, type BoardCache } from './routes/leaderboard';
import type { CardRenderer } from './lib/card-renderer';
import type { SessionCache } from './lib/session-cache';
import { accessLog } from './plugins/access-log';
import type { MailTransport } from './mail/transport';
import { clipProbes } from './routes/clips';
import { saveQueue } from './routes/workouts';
import { client } from './plugins/client';
import { jsonCompression } from './plugins/compression';
import { afterResponse } from './plugins/after-response';
import { mail } from './plugins/mail';
import { errors } from './plugins/errors';
import { openApi } from './plugins/openapi';
import { strictRequests } from './plugins/strict-requests';
import { sameSiteCheck } from './plugins/same-site';
import { securityHeaders } from './plugins/security-headers';
import { session } from './plugins/session';
import { accountRoutes } from './routes/account/account.routes';
import { badgesRoutes } from './routes/badges/badges.routes';
import { challengesRoutes } from './routes/challenges/challenges.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { clipsRoutes } from './routes/clips/clips.routes';
import { moderationRoutes } from './routes/moderation/moderation.routes';
import { reportsRoutes } from './routes/reports/reports.routes';
import { clubPagesRoutes } from './routes/clubs/club-pages.routes';
import { clubsRoutes } from './routes/clubs/clubs.routes';
import { healthRoutes } from './routes/health/health.routes';
import { leaderboardRoutes } from './routes/leaderboard/leaderboard.routes';
import { previewsRoutes } from './routes/previews/previews.routes';
import { shareCardsRoutes } from './routes/previews/share-cards.routes';
import { emailRoutes } from './routes/email/email.routes';
import { commentModerationRoutes } from './routes/feed/comment-moderation.routes';
import { feedRoutes } from './routes/feed/feed.routes';
import { followingRoutes } from './routes/following/following.routes';
import { recoveryRoutes } from './routes/recovery/recovery.routes';
import { profileRoutes } from './routes/profile/profile.routes';
import { plansRoutes } from './routes/plans/plans.routes';
import { sessionsRoutes } from './routes/sessions/sessions.routes';
import { standingRoutes } from './routes/standing/standing.routes';
import { usersRoutes } from './routes/users/users.routes';
import { workoutsRoutes } from './routes/workouts/workouts.routes';
import { reminderJob, type ReminderPluginOptions } from './routes/reminders';
import { recountJob, type RecountPluginOptions } from './routes/recounts';
import { remindersRoutes } from './routes/reminders/reminders.routes';
import { notificationHub, type NotificationPluginOptions } from './routes/notifications';
import { notificationsRoutes } from './routes/notifications/notifications.routes';
import { digestOffRoutes } from './routes/notifications/digest-off.routes';
import { defaultConfig, type AppConfig } from './config';

// The configuration's shape and defaults live in config.ts, built from env.ts's settings.
export { defaultConfig, type AppConfig };

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
  /** Where mail goes; without one, messages are only queued (most tests). index.ts always gives one. */
  mailTransport?: MailTransport;
  /** How often the mail worker looks at the queue unkicked (default 10 s). */
  mailPollMs?: number;
  /** How long a request may take to arrive, and a connection stay silent (index.ts sets them; none in tests). */
  timeouts?: { requestMs: number; idleMs: number };
  /** The reminder job's poll (default 60 s; 0: only when called) and the push requests' agent (tests). */
  reminders?: ReminderPluginOptions;
  /** Whether recounts of proof clips start on their own (index.ts: yes; tests: only when asked). */
  recounts?: RecountPluginOptions;
  /** The notification streams' ear on the database (index.ts and the test app give it) and heartbeat. */
  notifications?: NotificationPluginOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    now: () => Date;
    config: AppConfig;
    /** Set by index.ts's SIGTERM handling: readiness then answers 503 (routes/health). */
    lifecycle: { stopping: boolean };
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
    // Fastify's two lines per request halve the throughput: plugins/access-log.ts writes one, for
    // the requests an operator looks for (docs/decisions/0130-access-log.md).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    ...(deps.timeouts ? serverTimeouts(deps.timeouts) : {}),
    // A URL the router cannot take apart (broken percent-encoding, a path parameter over 100
    // characters) gets the API's JSON error, without echoing the URL back.
    // The route schemas are zod's, compiled below: Fastify's defaults (an Ajv instance with its
    // formats, a fast-json-stringify compiler) would only be built to be replaced, 30-50 ms of
    // every start (docs/decisions/0192-build-the-app-while-pglite-opens.md).
    // (Fastify types these factories after Ajv's; they return the same compilers as set below.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => compiledSerializerCompiler,
      },
    } as unknown as FastifyServerOptions['schemaController'],
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
  app.decorate('lifecycle', { stopping: false });
  argon2Limiter.configure(config.argon2Concurrency, config.argon2Queue);
  configureArgon2Cost(config.argon2Cost);

  // common/'s words in the request's language (server/src/lib/i18n.ts), from its first hook on.
  requestLanguageScope(app);
  await app.register(accessLog, { mode: config.requestLog, slowMs: config.slowRequestMs });
  await app.register(errors);
  await app.register(securityHeaders, { hsts: config.cookieSecure });
  await app.register(sameSiteCheck);
  await app.register(session, { cache: deps.sessionCache });
  await app.register(boardCache, { cache: deps.boardCache });
  // App-scoped state, one per app, declared with what it needs (each module's *.plugin.ts).
  await app.register(periodFill);
  await app.register(boardReads);
  await app.register(saveQueue);
  await app.register(clipProbes);
  await app.register(afterResponse);
  await app.register(mail, { transport: deps.mailTransport, pollMs: deps.mailPollMs });
  await app.register(reminderJob, deps.reminders ?? {});
  await app.register(recountJob, deps.recounts ?? {});
  await app.register(notificationHub, deps.notifications ?? {});
  // Before the routes: it describes those registered after it (GET /api/openapi.json, /api/docs).
  // Also before the routes (the document's own too): unknown query parameters are refused,
  // missing methods get 405.
  await app.register(strictRequests);
  await app.register(openApi);

  // The API in one scope, so its JSON compression leaves the client's precompressed files alone.
  await app.register(
    async (api) => {
      await jsonCompression(api);
      for (const routes of [
        healthRoutes,
        challengesRoutes,
        authRoutes,
        workoutsRoutes,
        leaderboardRoutes,
        usersRoutes,
        followingRoutes,
        feedRoutes,
        commentModerationRoutes,
        // Also serves uploaded avatars; it raises the body limit on its own route only.
        profileRoutes,
        accountRoutes,
        recoveryRoutes,
        emailRoutes,
        sessionsRoutes,
        clipsRoutes,
        reportsRoutes,
        moderationRoutes,
        standingRoutes,
        clubsRoutes,
        badgesRoutes,
        plansRoutes,
        remindersRoutes,
        notificationsRoutes,
        digestOffRoutes,
      ]) {
        await api.register(routes);
      }
      await api.register(shareCardsRoutes, { renderer: deps.cardRenderer });
    },
    { prefix: '/api' },
  );
  // Profile and timer pages with link-preview tags (their share cards are in the /api scope), before
  // the SPA fallback.
  await app.register(previewsRoutes, { clientDir: config.clientDir });
  await app.register(clubPagesRoutes, { clientDir: config.clientDir });
  await app.register(client, { clientDir: config.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
