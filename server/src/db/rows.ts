import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Db } from './database';
import { isPgPool } from './pg-driver';

// Raw rows on either driver, for the statements the app writes itself.

/** Rows of a raw query (node-postgres and PGlite both answer { rows }). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Rows of a statement that PostgreSQL keeps prepared under `name` on each connection: parsed and
 * planned once per connection instead of on every call (for the board read, more than half of
 * its cost: docs/decisions/0076-board-rows-read-alone.md). PGlite runs it as it is. For hot reads
 * whose text never changes; `$1`, `$2`... are `values`.
 */
export async function preparedRows<T>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | Pick<PGlite, 'query'> }).$client;
  if (isPgPool(client)) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}
