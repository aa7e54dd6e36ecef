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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The connection string, for PostgreSQL. */
  url?: string;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// node-postgres returns int8/numeric as strings; PGlite returns numbers. Make both numbers so
// count(*) and sum() look the same on either driver.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite' as const, client, close: () => client.close() };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start together: one migrates at a time.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(conn), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    conn.release();
  }
  return { db, kind: 'postgres', url, close: () => pool.end() };
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
