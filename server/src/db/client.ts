import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';
import { applySqlSources, type SqlRunner } from './sql-sources';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The connection string, for PostgreSQL. */
  url?: string;
  /** The embedded database itself, for PGlite. */
  pglite?: PGlite;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// node-postgres returns int8/numeric as strings; PGlite returns numbers. Make both numbers so
// count(*) and sum() look the same on either driver.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

export function pgliteRunner(client: PGlite | PgliteTx): SqlRunner {
  return {
    query: (text, params) => client.query(text, params),
    script: async (text) => {
      await client.exec(text);
    },
    transaction: async (fn) => {
      if (!('transaction' in client)) throw new Error('already in a transaction');
      await client.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

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

/**
 * Rows of a statement that PostgreSQL keeps prepared under `name` on each connection: parsed and
 * planned once per connection instead of on every call (for the board read, more than half of
 * its cost: docs/decisions/0076-board-rows-read-alone.md). PGlite runs it as it is. For hot reads
 * whose text never changes; `$1`, `$2`... are `values`.
 */
export async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | Pick<PGlite, 'query'> }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}

/** Migrations, then the SQL source files (server/src/db/sql-sources.ts). */
export async function migratePgliteClient(client: PGlite) {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await applySqlSources(pgliteRunner(client));
}

/**
 * PGlite's shared buffers default to 128 MB, all of it in this process's WebAssembly memory:
 * 32 MB keeps an opened data folder at about 260 MB RSS instead of 356 MB (the files themselves
 * stay in the OS page cache). docs/decisions/0072-start-and-memory.md
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Permission bits PGlite's files never get: group and others (docs/decisions/0079-data-dir-modes.md). */
const NOT_OWNER = 0o077;

/**
 * PGlite's file system on a folder, with every file and folder for the owner only. Its
 * Emscripten layer sets each new file's mode itself (chmod to 0666, which the process umask does
 * not narrow), so the mode it sets loses its group and other bits here; folders are created
 * through mkdir, which the umask does narrow. docs/decisions/0079-data-dir-modes.md
 */
type PostgresMod = Parameters<NodeFS['init']>[1];
type SetAttr = (file: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => unknown;

export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const result = await super.init(pg, opts);
    const ownerOnly = (mod: Partial<PostgresMod>) => {
      const nodefs = mod.NODEFS as unknown as { doSetAttr?: SetAttr };
      const setAttr = nodefs.doSetAttr;
      if (typeof setAttr !== 'function') throw new Error('PGlite changed: NODEFS.doSetAttr is gone (server/src/db/client.ts)');
      nodefs.doSetAttr = function (this: unknown, file, node, attr, ...rest) {
        const narrowed = attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~NOT_OWNER };
        return setAttr.call(this, file, node, narrowed, ...rest);
      };
    };
    const emscriptenOpts = result.emscriptenOpts;
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnly, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(takingTurns(client) as PGlite, { schema }) as unknown as Db;
  await migratePgliteClient(client);
  return { db, kind: 'pglite' as const, pglite: client, close: () => client.close() };
}

/** How long the app's PGlite statements may run back to back before the event loop gets a turn. */
const PGLITE_SLICE_MS = 5;

/**
 * PGlite runs each statement on this thread, and its own queue hands over from one statement to
 * the next without the event loop turning: 200 requests that each queue a few statements held
 * every other request (even GET /api/health, which reads nothing) for seconds, until all of them
 * ran. The app's statements (and transactions, whole) therefore go one at a time through this
 * queue, which lets the event loop turn (setImmediate) once they have run PGLITE_SLICE_MS back
 * to back, so requests that need no database are answered in between.
 * docs/decisions/0032-argon2-queue.md
 */
export function takingTurns(client: PGlite): Pick<PGlite, 'query' | 'transaction'> {
  let last: Promise<unknown> = Promise.resolve();
  let sliceStart = performance.now();
  const turn = () => {
    if (performance.now() - sliceStart < PGLITE_SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const mine = last.then(turn).then(run);
    last = mine.catch(() => undefined);
    return mine;
  };
  return {
    query: ((...args: Parameters<PGlite['query']>) =>
      inTurn(() => client.query(...args))) as PGlite['query'],
    transaction: ((run: Parameters<PGlite['transaction']>[0]) =>
      inTurn(() => client.transaction(run))) as PGlite['transaction'],
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
  const log = options.log ?? ((m: string) => console.error(m));
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...options.timeouts });
  // An idle client whose connection drops (a database restart, a failover) emits 'error' on the
  // pool; unhandled, Node would end the process. The pool discards that client by itself.
  pool.on('error', (err) => log(`database connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let delay = options.retryDelayMs ?? 250;
  for (let attempt = 1; ; attempt++) {
    try {
      await migratePostgres(url);
      break;
    } catch (err) {
      if (!options.waitForDatabase || !isDatabaseUnavailable(err)) {
        await pool.end();
        throw err;
      }
      log(
        `database unavailable at start (attempt ${attempt}: ${describe(err)}); retrying in ${delay} ms`,
      );
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
  return { db, kind: 'postgres', url, close: () => pool.end() };
}

/** Applies the migrations on a connection of its own (no statement timeout: they may be slow). */
async function migratePostgres(url: string) {
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

// Connection-level failures: the database is down, restarting, refusing or not answering.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended|not queryable/i;

/** Whether an error (or one it wraps, as Drizzle does) means the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

function describe(err: unknown): string {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    const msg = (e as Error).message;
    if (msg && !msg.startsWith('Failed query')) return msg;
    if (!(e as { cause?: unknown }).cause) return msg;
  }
  return String(err);
}

// The build's migrations do not change while it runs: read (and hash) their files once, not at
// every readiness probe.
let lastMigration: number | undefined;
function lastMigrationMillis(): number {
  lastMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  return lastMigration;
}

/**
 * Readiness: the database answers and every migration this build ships has been applied.
 * Returns null when ready, else the reason.
 */
export async function notReadyReason(db: Db): Promise<string | null> {
  const last = lastMigrationMillis();
  try {
    const rows = await db.execute<{ latest: number | string | null }>(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    const list = Array.isArray(rows)
      ? rows
      : (rows as unknown as { rows: { latest: unknown }[] }).rows;
    const latest = Number(list[0]?.latest ?? 0);
    if (latest < last) return 'Database migrations are not all applied.';
    return null;
  } catch (err) {
    if (isDatabaseUnavailable(err)) return 'The database does not answer.';
    if ((err as { cause?: { code?: string } }).cause?.code === '42P01')
      return 'Database migrations are not applied.';
    return `The database check failed: ${describe(err)}`;
  }
}
