import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../env';
import { rowsOf, startPostgres } from './client';

// The server builds the app while its PostgreSQL database is migrated (server/src/index.ts): the
// pool's queries and connections wait for the migrations.
describe.runIf(env.TEST_DB_KIND === 'postgres')('startPostgres', () => {
  const name = `fitbench_start_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: env.TEST_DATABASE_URL });
  const urlOf = (db: string) => {
    const u = new URL(env.TEST_DATABASE_URL!);
    u.pathname = `/${db}`;
    return u.toString();
  };
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers what was asked before the migrations ran, once they have', async () => {
    // An empty database: every migration runs after this call returns.
    const database = await startPostgres(urlOf(name));
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const counted = rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      const inTransaction = database.db.transaction(async (tx) =>
        rowsOf<{ n: number }>(tx as never, sql`select count(*)::int as n from workouts`),
      );
      const byCallback = new Promise((resolve, reject) =>
        pool.query(
          'select count(*)::int as n from sessions',
          (err: Error | undefined, res: pg.QueryResult) => (err ? reject(err) : resolve(res.rows)),
        ),
      );
      await expect(counted).resolves.toEqual([{ n: 0 }]);
      await expect(inTransaction).resolves.toEqual([{ n: 0 }]);
      await expect(byCallback).resolves.toEqual([{ n: 0 }]);
      await expect(database.ready).resolves.toBeUndefined();
      await expect(rowsOf(database.db, sql`select 1 as one`)).resolves.toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('fails what was asked, and `ready`, when the database cannot be migrated', async () => {
    const database = await startPostgres(urlOf(`${name}_missing`));
    const asked = rowsOf(database.db, sql`select 1`);
    await expect(database.ready).rejects.toMatchObject({ code: '3D000' });
    await expect(asked).rejects.toMatchObject({ cause: { code: '3D000' } });
  });
});
