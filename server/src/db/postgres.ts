import type pg from 'pg';
import { migrationsFolder, type Database, type Db } from './database';
import * as schema from './schema';
import { applySqlSources, type SqlRunner } from './sql-sources';
import { describeError, isDatabaseUnavailable } from './errors';
import { loadPg } from './pg-driver';

// PostgreSQL: a pool with timeouts, waiting for a database that is down at start, and migrations
// taken in turn by instances starting together.

// node-postgres and drizzle's driver for it load with the first PostgreSQL connection
// (./pg-driver.ts), so a PGlite start does not pay for them.
const loadDrizzlePg = () => import('drizzle-orm/node-postgres');

export function pgRunner(conn: pg.ClientBase): SqlRunner {
  return {
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await conn.query(text, params)).rows as T[],
    }),
    script: async (text) => {
      await conn.query(text);
    },
    transaction: async (fn) => {
      await conn.query('begin');
      try {
        await fn(pgRunner(conn));
        await conn.query('commit');
      } catch (err) {
        await conn.query('rollback');
        throw err;
      }
    },
  };
}

/** Timeouts that keep a request from hanging on an unreachable database (docs/decisions/0038-database-outages.md). */
export const PG_TIMEOUTS = {
  /** Waiting for a connection, new or from the pool. */
  connectionTimeoutMillis: 2_000,
  /** Server side: a statement running longer is cancelled. */
  statement_timeout: 4_000,
  /** Client side: no answer at all (a dead connection) within this. */
  query_timeout: 4_500,
} as const;

export interface OpenPostgresOptions {
  max?: number;
  /** Where connection problems are reported (idle clients dropped, start retries). */
  log?: (message: string) => void;
  /** Pool timeouts; the server passes PG_TIMEOUTS (bulk jobs such as the bench pass none). */
  timeouts?: Partial<typeof PG_TIMEOUTS>;
  /** Wait for a database that is down at start (the server), else fail at once (tests, bench). */
  waitForDatabase?: boolean;
  /** Delay before the first retry when waiting; doubles up to 5 s. */
  retryDelayMs?: number;
}

/**
 * A pool over PostgreSQL, migrated. If the database is down the start waits for it (retrying
 * with a growing delay and saying so) rather than exiting; once running, a dropped connection
 * only costs the requests that were using it.
 */
export async function openPostgres(
  url: string,
  options: OpenPostgresOptions = {},
): Promise<Database> {
  const database = await startPostgres(url, options);
  await database.ready;
  return database;
}

/**
 * The pool, without waiting for the migrations: `ready` settles once they ran (after waiting for
 * a database that is down, as openPostgres does), and until then the pool's queries and
 * connections wait for it, and fail if it fails. The server builds the app meanwhile
 * (docs/decisions/0192-build-the-app-while-pglite-opens.md).
 */
export async function startPostgres(
  url: string,
  options: OpenPostgresOptions = {},
): Promise<Database & { ready: Promise<void> }> {
  const log = options.log ?? ((m: string) => console.error(m));
  const [pg, { drizzle: drizzlePg }] = await Promise.all([loadPg(), loadDrizzlePg()]);
  let migrated = false;
  type Args = unknown[];
  /** A call made before `ready` runs after it (its callback too, if it has one), or fails with it. */
  const afterReady = (args: Args, run: (args: Args) => unknown) => {
    if (migrated) return run(args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      ready.then(
        () => run(args),
        (err: unknown) => (callback as (err: unknown) => void)(err),
      );
      return undefined;
    }
    return ready.then(() => run(args));
  };
  // drizzle takes a subclass of pg.Pool as a pool (a connection per transaction).
  class MigratedPool extends pg.Pool {
    override query(...args: Args): never {
      return afterReady(args, (a) => (super.query as (...x: Args) => unknown)(...a)) as never;
    }
    override connect(...args: Args): never {
      return afterReady(args, (a) => (super.connect as (...x: Args) => unknown)(...a)) as never;
    }
  }
  const pool = new MigratedPool({
    connectionString: url,
    max: options.max ?? 10,
    ...options.timeouts,
  });
  // An idle client whose connection drops (a database restart, a failover) emits 'error' on the
  // pool; unhandled, Node would end the process. The pool discards that client by itself.
  pool.on('error', (err) => log(`database connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // (Declared after the pool, which it ends on failure; the pool's calls only read it later.)
  const ready = (async () => {
    let delay = options.retryDelayMs ?? 250;
    for (let attempt = 1; ; attempt++) {
      try {
        await migratePostgres(url);
        migrated = true;
        return;
      } catch (err) {
        if (!options.waitForDatabase || !isDatabaseUnavailable(err)) {
          await pool.end();
          throw err;
        }
        log(
          `database unavailable at start (attempt ${attempt}: ${describeError(err)}); retrying in ${delay} ms`,
        );
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5_000);
      }
    }
  })();
  // Whoever started it awaits `ready`; this only keeps a failure from counting as unhandled first.
  ready.catch(() => undefined);
  return { db, kind: 'postgres', url, ready, close: () => pool.end() };
}

/** Applies the migrations on a connection of its own (no statement timeout: they may be slow). */
export async function migratePostgres(url: string) {
  const [pg, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    loadPg(),
    loadDrizzlePg(),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const conn = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PG_TIMEOUTS.connectionTimeoutMillis,
  });
  // Its errors surface through the calls below; a drop while idle must not end the process.
  conn.on('error', () => undefined);
  await conn.connect();
  try {
    // Several instances may start together: one migrates at a time.
    await conn.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(conn), { migrationsFolder });
    await applySqlSources(pgRunner(conn));
  } finally {
    await conn.end().catch(() => undefined);
  }
}
