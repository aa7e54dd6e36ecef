import path from 'node:path';
import { buildApp } from './app';
import { serveBackups } from './db/backup';
import { openPglite, openPostgres, PG_TIMEOUTS, type Database } from './db/client';
import { scheduleHousekeeping } from './db/maintenance';
import { env } from './env';
import { BOARD_CHANNEL, BoardCache, listenForBoardChanges } from './lib/board-cache';
import { connectSessionCache, SessionCache } from './lib/session-cache';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { ownerOnlyDataDir } from './lib/data-dir-modes';
import { limitConnectionsPerAddress, trustedPeer } from './lib/connection-limit';
import { armHardStop } from './lib/hard-stop';
import { stdoutLogStream } from './lib/log-stream';
import { slowTestRoutes } from './routes/test-support/slow.routes';

// Starts the server: config, database, listen, and a graceful stop. Nothing else.
async function main() {
  // Everything this process creates (DATA_DIR, its lock, PGlite's folders, the backup socket) is
  // for its owner only (docs/decisions/0079-data-dir-modes.md).
  process.umask(0o077);
  const logStream = stdoutLogStream();
  let release: (() => void) | undefined;
  let database: Database;
  const boardCache = new BoardCache({ enabled: env.BOARD_CACHE });
  const sessionCache = env.SESSION_CACHE ? new SessionCache() : undefined;
  let stopSessionCache: (() => Promise<void>) | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let stopBackups: (() => Promise<void>) | undefined;
  if (env.DATABASE_URL) {
    // A database that is down at start is waited for, not a crash loop
    // (docs/decisions/0038-database-outages.md).
    database = await openPostgres(env.DATABASE_URL, {
      timeouts: PG_TIMEOUTS,
      waitForDatabase: true,
      log: (m) => console.error(m),
    });
    // Other instances write too: their changes reach this cache through NOTIFY.
    if (env.BOARD_CACHE) {
      stopListening = listenForBoardChanges(env.DATABASE_URL, boardCache, (m) => console.error(m));
    }
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
      console.error(`${env.DATA_DIR}: took group and other permissions off ${modes.narrowed.length} files and folders (other local users could read them).`);
    }
    if (modes.failed.length > 0) {
      console.error(`WARNING: ${modes.failed.length} files or folders under ${env.DATA_DIR} are readable by other local users and could not be changed (not owned by this user), e.g. ${modes.failed[0]}.`);
    }
    const pglite = await openPglite({ dataDir: path.join(env.DATA_DIR, 'pgdata') });
    database = pglite;
    // `npm run backup` asks through a socket in DATA_DIR (docs/decisions/0041-backup-restore.md).
    stopBackups = serveBackups(pglite.pglite, env.DATA_DIR, (m) => console.error(m));
    // Changes that reach the boards without a route saying so (housekeeping, a member's rows
    // removed): heard before the writing statement returns.
    if (env.BOARD_CACHE) await pglite.pglite.listen(BOARD_CHANNEL, () => boardCache.invalidate());
  }
  if (sessionCache) {
    stopSessionCache = await connectSessionCache(database, sessionCache, (m) => console.error(m));
  }
  // Expired sessions and rate-limit rows go on both databases; PGlite also needs its vacuum.
  const stopHousekeeping = scheduleHousekeeping(database.db, 15 * 60_000, (err) => console.error(err), {
    vacuum: database.kind === 'pglite',
  });

  const app = await buildApp({
    db: database.db,
    boardCache,
    sessionCache,
    logger: { level: env.LOG_LEVEL, stream: logStream },
    timeouts: { requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000, idleMs: env.IDLE_TIMEOUT_SECONDS * 1000 },
    config: {
      cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
      trustProxy: env.TRUST_PROXY,
      loginMaxFailures: env.LOGIN_MAX_FAILURES,
      loginIpMaxFailures: env.LOGIN_IP_MAX_FAILURES,
      loginWindowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
      registerMax: env.REGISTER_MAX,
      registerWindowMs: env.REGISTER_WINDOW_MINUTES * 60_000,
      registerTakenMax: env.REGISTER_TAKEN_MAX,
      registerTakenGlobalMax: env.REGISTER_TAKEN_GLOBAL_MAX,
      registerTakenWindowMs: env.REGISTER_TAKEN_WINDOW_MINUTES * 60_000,
      saveMax: env.SAVE_MAX,
      saveWindowMs: env.SAVE_WINDOW_MINUTES * 60_000,
      ...(env.ARGON2_CONCURRENCY ? { argon2Concurrency: env.ARGON2_CONCURRENCY } : {}),
      ...(env.ARGON2_QUEUE !== undefined ? { argon2Queue: env.ARGON2_QUEUE } : {}),
      clientDir: env.CLIENT_DIR,
      publicUrl: env.PUBLIC_URL,
      cardRenderMax: env.CARD_RENDER_MAX,
      cardRenderWindowMs: env.CARD_RENDER_WINDOW_MINUTES * 60_000,
      cardRenderWorkers: env.CARD_RENDER_WORKERS,
      cardRenderQueue: env.CARD_RENDER_QUEUE,
    },
  });
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    app.log.warn('PUBLIC_URL is not set: link previews use relative URLs, which most preview bots ignore. Set it to the address the site is reached at, e.g. PUBLIC_URL=https://fitbench.example');
  }
  if (env.TEST_SLOW_ROUTE) await app.register(slowTestRoutes, { prefix: '/api' });
  limitConnectionsPerAddress(app.server, env.MAX_CONNECTIONS_PER_ADDRESS, trustedPeer(env.TRUST_PROXY));
  app.addHook('onClose', async () => {
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
  let stopping = false;
  // Node keeps a kept-alive connection open after its request ends, even once the server is
  // closing, so the close would wait for the client to hang up: answers sent while stopping
  // close their connection instead.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  // While stopping, readiness answers 503 at once, so balancers that probe it stop sending
  // before the port closes (docs/decisions/0042-rolling-restarts.md).
  // A plain callback, not an async function: every request passes here, and costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping && request.routeOptions.url === '/api/ready') {
      void reply.code(503).header('cache-control', 'no-store').send({ status: 'not ready', message: 'shutting down' });
      return;
    }
    done();
  });
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} received: already stopping`);
      return;
    }
    stopping = true;
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
      console.error(`stop not finished after ${env.SHUTDOWN_TIMEOUT_SECONDS} s: exiting (the data folder stays locked until this process is gone)`);
      process.exit(1);
    }, deadlineMs);
    if (env.SHUTDOWN_DELAY_SECONDS > 0) {
      app.log.info(`${signal} received: not ready; serving ${env.SHUTDOWN_DELAY_SECONDS} s more before closing`);
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
