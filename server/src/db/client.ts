import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
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

/** Migrations, then the SQL source files (server/src/db/sql-sources.ts). */
export async function migratePgliteClient(client: PGlite) {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await applySqlSources(pgliteRunner(client));
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePgliteClient(client);
  return { db, kind: 'pglite' as const, pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start together: one migrates at a time.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(conn), { migrationsFolder });
    await applySqlSources(pgRunner(conn));
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    conn.release();
  }
  return { db, kind: 'postgres', url, close: () => pool.end() };
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
