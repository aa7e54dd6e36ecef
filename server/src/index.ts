import './v8-flags';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { serveBackups } from './db/backup';
import { PG_TIMEOUTS, startPglite, startPostgres, type Database } from './db/client';
import { scheduleHousekeeping } from './db/maintenance';
import { env } from './env';
import { BoardCache, connectBoardCache } from './routes/leaderboard';
import { connectSessionCache, SessionCache } from './lib/session-cache';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { ownerOnlyDataDir } from './lib/data-dir-modes';
import { limitConnectionsPerAddress, trustedPeer } from './lib/connection-limit';
import { armHardStop } from './lib/hard-stop';
import { stdoutLogStream } from './lib/log-stream';
import { outboxTransport, smtpTransport } from './mail/transport';
import { slowTestRoutes } from './routes/test-support/slow.routes';
import { loggableError } from './plugins/errors';
import { sourceStack } from './lib/source-stack';

/** An Error as pino's `err` field: loggableError's fields (plugins/errors.ts), each one text. */
const logged = (err: Error) => {
  const e = loggableError(err);
  return { ...e, type: String(e.type), message: String(e.message), stack: String(e.stack ?? '') };
};

// Starts the server: config, database, listen, and a graceful stop. Nothing else.
async function main() {
  // A handle that keeps the event loop turning until the server listens. Without one, the loop has
  // nothing to wait for while PGlite's WebAssembly compiles, and Node then waits for every V8
  // background task (the compiler's later tiers too) before it runs anything else: 120-200 ms of a
  // restart spent blocked (docs/decisions/0191-start-without-a-blocked-loop.md).
  const turning = setInterval(() => undefined, 60_000);
  try {
    await start();
  } finally {
    clearInterval(turning);
  }
}

async function start() {
  // Everything this process creates (DATA_DIR, its lock, PGlite's folders, the backup socket) is
  // for its owner only (docs/decisions/0079-data-dir-modes.md).
  process.umask(0o077);
  const logStream = stdoutLogStream();
  let release: (() => void) | undefined;
  // Opened (and migrated) once `ready` settles: the app is built meanwhile.
  let database: Database & { ready: Promise<unknown> };
  const boardCache = new BoardCache({ enabled: env.BOARD_CACHE });
  const sessionCache = env.SESSION_CACHE ? new SessionCache() : undefined;
  let stopSessionCache: (() => Promise<void>) | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let stopBackups: (() => Promise<void>) | undefined;
  if (env.DATABASE_URL) {
    // A database that is down at start is waited for, not a crash loop
    // (docs/decisions/0038-database-outages.md).
    // Migrated while the app is built below (db/postgres.ts, startPostgres).
    database = await startPostgres(env.DATABASE_URL, {
      timeouts: PG_TIMEOUTS,
      waitForDatabase: true,
      log: (m) => console.error(m),
    });
  } else {
    try {
      release = lockDataDir(env.DATA_DIR);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
    // A folder made by an earlier version or a loose umask: narrowed before the database opens.
    const modes = ownerOnlyDataDir(env.DATA_DIR);
    if (modes.narrowed.length > 0) {
      console.error(
        `${env.DATA_DIR}: took group and other permissions off ${modes.narrowed.length} files and folders (other local users could read them).`,
      );
    }
    if (modes.failed.length > 0) {
      console.error(
        `WARNING: ${modes.failed.length} files or folders under ${env.DATA_DIR} are readable by other local users and could not be changed (not owned by this user), e.g. ${modes.failed[0]}.`,
      );
    }
    // A new folder starts from the build's template, beside the compiled server (db/pglite.ts).
    const template = fileURLToPath(new URL('./pgdata-template', import.meta.url));
    // Opened and migrated while the app is built below (db/pglite.ts, startPglite).
    const pglite = startPglite({ dataDir: path.join(env.DATA_DIR, 'pgdata'), template });
    database = pglite;
    // `npm run backup` asks through a socket in DATA_DIR (docs/decisions/0041-backup-restore.md).
    stopBackups = serveBackups(pglite.pglite, env.DATA_DIR, (m) => console.error(m));
  }
  // Expired sessions and rate-limit rows go on both databases; PGlite also needs its vacuum.
  const stopHousekeeping = scheduleHousekeeping(
    database.db,
    15 * 60_000,
    (err) => console.error(err),
    {
      vacuum: database.kind === 'pglite',
    },
  );

  // Mail goes out through SMTP, or into DATA_DIR/outbox as .eml files (docs/decisions/0110).
  const mailTransport = env.SMTP_URL
    ? smtpTransport(env.SMTP_URL, env.MAIL_FROM)
    : outboxTransport(path.join(env.DATA_DIR, 'outbox'), env.MAIL_FROM);
  const building = buildApp({
    db: database.db,
    mailTransport,
    // Recounts of proof clips run on every instance; each clip on one (docs/decisions/0241).
    recounts: { start: true },
    boardCache,
    sessionCache,
    // An Error logged as `err` (log.error(err, ...)) as the error handler logs one: the database's
    // parameters left out, the frames in the TypeScript files (plugins/errors.ts).
    logger: { level: env.LOG_LEVEL, stream: logStream, serializers: { err: logged } },
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: env.IDLE_TIMEOUT_SECONDS * 1000,
    },
    config: configFromEnv(env),
    // Live notifications hear of new ones through the database (routes/notifications/stream.ts).
    // Saves' notifications are made by a job on every instance (docs/decisions/0271).
    notifications: { database, fanOutPollMs: 250 },
  });
  // Both before anything else: a database that cannot open ends the start here.
  const [app] = await Promise.all([building, database.ready]);
  if (env.BOARD_CACHE) {
    stopListening = await connectBoardCache(database, boardCache, (m) => console.error(m));
  }
  if (sessionCache) {
    stopSessionCache = await connectSessionCache(database, sessionCache, (m) => console.error(m));
  }
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    app.log.warn(
      'PUBLIC_URL is not set: link previews use relative URLs, which most preview bots ignore. Set it to the address the site is reached at, e.g. PUBLIC_URL=https://fitbench.example',
    );
  }
  app.log.info(
    env.SMTP_URL
      ? `mail: sent through ${mailTransport.description} from ${env.MAIL_FROM}`
      : `mail: no SMTP_URL set, so messages are written to ${path.resolve(env.DATA_DIR, 'outbox')} as .eml files (set SMTP_URL to send them)`,
  );
  if (env.TEST_SLOW_ROUTE) await app.register(slowTestRoutes, { prefix: '/api' });
  limitConnectionsPerAddress(
    app.server,
    env.MAX_CONNECTIONS_PER_ADDRESS,
    trustedPeer(env.TRUST_PROXY),
  );
  app.addHook('onClose', async () => {
    // The worker's last pass ends before the database closes (stop() is idempotent).
    await app.mail.worker?.stop();
    await stopListening?.();
    await stopSessionCache?.();
    stopHousekeeping();
    await stopBackups?.();
    await database.close();
    // Only now: while PGlite may still write, the folder stays locked. A process that exits
    // before this point leaves the lock, which the next start takes over.
    release?.();
  });

  // SIGTERM: readiness goes 503; after SHUTDOWN_DELAY_SECONDS (default 0) stop accepting
  // connections, let in-flight requests finish (new requests on kept-alive connections get 503),
  // close the database, release the lock, exit 0. A stop that cannot finish by
  // SHUTDOWN_TIMEOUT_SECONDS exits 1 then, with the lock left for the next start to take over.
  // Node keeps a kept-alive connection open after its request ends, even once the server is
  // closing, so the close would wait for the client to hang up: answers sent while stopping
  // close their connection instead.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const stop = async (signal: string) => {
    if (app.lifecycle.stopping) {
      app.log.warn(`${signal} received: already stopping`);
      return;
    }
    // Readiness answers 503 from now on (routes/health/health.routes.ts).
    app.lifecycle.stopping = true;
    // The deadline ends the process whatever is still pending (requests, a period fill, queued
    // saves, a database call that does not return, logs stdout does not take). Its timer is
    // kept referenced, so the stop always ends through one of the two process.exit calls below;
    // the watchdog thread, unreferenced, kills the process half a second later if even that
    // timer could not run. docs/decisions/0080-stop-that-always-ends.md
    const deadlineMs = (env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_TIMEOUT_SECONDS) * 1000;
    const deadline = Date.now() + deadlineMs;
    armHardStop(deadlineMs + 500);
    setTimeout(() => {
      // stderr, not the log: what the log holds may never be taken, and is dropped here.
      logStream.abandon();
      console.error(
        `stop not finished after ${env.SHUTDOWN_TIMEOUT_SECONDS} s: exiting (the data folder stays locked until this process is gone)`,
      );
      process.exit(1);
    }, deadlineMs);
    if (env.SHUTDOWN_DELAY_SECONDS > 0) {
      app.log.info(
        `${signal} received: not ready; serving ${env.SHUTDOWN_DELAY_SECONDS} s more before closing`,
      );
      await new Promise((r) => setTimeout(r, env.SHUTDOWN_DELAY_SECONDS * 1000));
    }
    app.log.info(`${signal} received: finishing in-flight requests`);
    try {
      await app.close();
    } catch (err) {
      // The database may still be open: exit without releasing the lock.
      app.log.error(err, 'stop failed');
      await logStream.finish(Math.min(1_000, deadline - Date.now()));
      process.exit(1);
    }
    app.log.info('stopped');
    await logStream.finish(Math.min(1_000, deadline - Date.now()));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err: unknown) => {
  // Printed as Node prints an Error (its own fields too: code, syscall, path), frames mapped.
  if (err instanceof Error) err.stack = sourceStack(err.stack);
  console.error(err);
  process.exit(1);
});
