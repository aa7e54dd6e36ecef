import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { takingTurns, type Database, type Db } from '../db/client';
import * as schema from '../db/schema';
import { env } from '../env';

/** A fresh, migrated database for one test file, on PGlite or PostgreSQL. */
export async function openTestDatabase(): Promise<Database> {
  if (env.TEST_DB_KIND === 'postgres') {
    const url = env.TEST_DATABASE_URL!;
    const name = `fitbench_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Creating from a template fails while another copy is being made; try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
        break;
      } catch (err) {
        // 55006: the template is in use by another copy being made.
        if ((err as { code?: string }).code !== '55006' || attempt > 40) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: u.toString(), max: 20 });
    // The database is force-dropped at the end; idle clients then see 57P01, which is expected.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: u.toString(),
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  // As the server does: the app's statements take turns (server/src/db/client.ts).
  const db = drizzlePglite(takingTurns(client) as PGlite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
