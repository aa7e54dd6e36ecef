import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsBefore } from '../test/migrations-before';
import { describe, expect, it } from 'vitest';
import { env } from '../env';
import { migratePgliteClient, migratePostgres, pgliteRunner, pgRunner } from './client';
import { applySqlSources, SQL_SOURCES, type SqlRunner } from './sql-sources';

// Migration 0016 (every challenge on one engine) on a database filled by the previous release:
// its migrations up to 0015 and its SQL source files (kept in server/src/test/fixtures/release-0015),
// members, sets, ties, private and hidden members, verified sets, registered periods. Every board,
// rank and stat read before the upgrade reads the same after it, now as the push-up challenge's.
// On PGlite, and on PostgreSQL when the suite runs there. docs/decisions/0098-challenge-catalogue.md

const releaseFolder = fileURLToPath(new URL('../test/fixtures/release-0015', import.meta.url));

// A file added since (badges.sql) was not in the release.
const releaseSources = () =>
  SQL_SOURCES.filter(({ name }) => fs.existsSync(path.join(releaseFolder, name))).map(
    ({ name, prefix }) => {
      const text = fs.readFileSync(path.join(releaseFolder, name), 'utf8');
      return { name, prefix, text, sha256: createHash('sha256').update(text).digest('hex') };
    },
  );

type Q = (text: string) => Promise<Record<string, unknown>[]>;

const PERIODS = [
  ['-infinity', 'infinity'],
  ['2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z'],
  ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'],
] as const;
const FILTERS = ['null, null, null', '20, 29, null', "null, null, 'female'", "30, 39, 'male'"];

async function fill(q: Q) {
  await q(`
    insert into users (username, email, password_hash, age, gender, is_private, show_age_gender, created_at)
    select 'm' || g, 'm' || g || '@example.com', 'x', 18 + (g * 7) % 45,
      case when g % 3 = 0 then 'female' else 'male' end, g = 5, g <> 7, '2026-01-01T00:00:00Z'
    from generate_series(1, 40) g`);
  // Ties every few members, sets on several days, some verified.
  await q(`
    insert into workouts (user_id, pushups, created_at, received_at, verified)
    select u.id, 1 + (u.id * 13 + k * 29) % 60, t, t + interval '1 second', (u.id + k) % 5 = 0
    from users u cross join generate_series(0, 3) k
    cross join lateral (select '2026-11-18T08:00:00Z'::timestamptz + (k * 26 + u.id) * interval '1 hour' as t) x`);
}

/** Every board, standing and stat the release showed, in a comparable form. */
async function snapshot(q: Q, after: boolean): Promise<unknown> {
  const c = after ? `'pushup-90', ` : '';
  const score = after ? 'score' : 'pushups';
  const boards: unknown[] = [];
  for (const [start, end] of PERIODS) {
    for (const f of FILTERS)
      boards.push(
        await q(`select workout_id, rank::int, ${score} as score, username, age, gender, verified
          from lb_board(${c}'${start}', '${end}', 500, ${f})`),
      );
    boards.push(
      await q(
        `select workout_id, rank::int, ${score} as score from lb_board_verified(${c}'${start}', '${end}', 500, null, null, null)`,
      ),
    );
    boards.push(
      await q(`select u.username, m.workout_id, m.rank::int, m.${score} as score
        from users u cross join lateral lb_me(${c}'${start}', '${end}', u.id) m order by u.id`),
    );
  }
  const stats =
    await q(`select user_id, max(${score})::int as best, sum(${score})::int as total, count(*)::int as n,
      coalesce(max(${score}) filter (where verified), 0)::int as verified_best
    from workouts group by user_id order by user_id`);
  return { boards, stats };
}

type Snapshot = { boards: unknown[]; stats: unknown };

/**
 * What a release's boards become by migration 0033: its verified sets are camera-counted until the
 * server recounts their clips, so nothing is verified and each period's Verified board is empty.
 */
function afterTiers(old: Snapshot): Snapshot {
  const text = JSON.stringify(old)
    .replaceAll('"verified":true', '"verified":false')
    .replace(/"verified_best":\d+/g, '"verified_best":0');
  const o = JSON.parse(text) as Snapshot;
  // Per period: the boards of each filter, then the Verified board, then each member's place.
  o.boards = o.boards.map((b, i) => (i % (FILTERS.length + 2) === FILTERS.length ? [] : b));
  return o;
}

async function upgradeAndCompare(q: Q, before: () => Promise<void>, upgrade: () => Promise<void>) {
  await before();
  await fill(q);
  // The release's boards, periods registered and filled as it did.
  for (const [start, end] of PERIODS) await q(`select lb_period('${start}', '${end}')`);
  await q('select lb_rebuild()');
  const old = await snapshot(q, false);
  expect(JSON.stringify(old)).toContain('rank');
  await upgrade();
  const rows = await q(
    `select count(*)::int as n from workouts where challenge = 'pushup-90' and score is not null`,
  );
  expect(rows[0]!.n).toBe(160);
  expect(await snapshot(q, true)).toEqual(afterTiers(old as Snapshot));
  // And it goes on: a new set lands on the push-up board, a burpee set on its own.
  await q(
    `insert into workouts (user_id, challenge, score, created_at) values (1, 'pushup-90', 299, '2026-11-20T12:00:00Z')`,
  );
  await q(
    `insert into workouts (user_id, challenge, score, created_at) values (2, 'burpees-or-bust', 140, '2026-11-20T12:00:00Z')`,
  );
  const top = await q(
    `select username from lb_board('pushup-90', '-infinity', 'infinity', 1, null, null, null)`,
  );
  expect(top).toEqual([{ username: 'm1' }]);
  const burpees = await q(
    `select username, score from lb_board('burpees-or-bust', '-infinity', 'infinity', 5, null, null, null)`,
  );
  expect(burpees).toEqual([{ username: 'm2', score: 140 }]);
}

describe('migration 0016: every challenge on one engine', () => {
  it.skipIf(env.TEST_DB_KIND === 'postgres')(
    'keeps every board, rank and stat of a PGlite database',
    async () => {
      const before = migrationsBefore('0016_challenges');
      const client = await PGlite.create();
      const q: Q = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      try {
        await upgradeAndCompare(
          q,
          async () => {
            await migratePglite(drizzlePglite(client), { migrationsFolder: before });
            await applySqlSources(pgliteRunner(client), releaseSources());
          },
          () => migratePgliteClient(client),
        );
      } finally {
        await client.close();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(env.TEST_DB_KIND !== 'postgres')(
    'keeps every board, rank and stat of a PostgreSQL database',
    async () => {
      const before = migrationsBefore('0016_challenges');
      const adminUrl = env.TEST_DATABASE_URL!;
      const name = `fitbench_mig_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      const conn = new pg.Client({ connectionString: u.toString() });
      await conn.connect();
      const q: Q = async (text) => (await conn.query(text)).rows as Record<string, unknown>[];
      try {
        await upgradeAndCompare(
          q,
          async () => {
            await migratePg(drizzlePg(conn), { migrationsFolder: before });
            await applySqlSources(pgRunner(conn) as SqlRunner, releaseSources());
          },
          () => migratePostgres(u.toString()),
        );
      } finally {
        await conn.end();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
        fs.rmSync(before, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
