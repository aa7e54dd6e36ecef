import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import { migrationsBefore } from '../test/migrations-before';
import { describe, expect, it } from 'vitest';
import { env } from '../env';
import { migratePgliteClient } from './client';

// Migration 0011 on a database that already has workouts: they take their created_at as
// received_at, and the boards keep working. The same SQL runs on PostgreSQL; the upgrade is
// tried once, on PGlite. docs/decisions/0036-ties-by-received-time.md
describe.skipIf(env.TEST_DB_KIND === 'postgres')('migration 0011: workouts.received_at', () => {
  it('backfills received_at from created_at, then orders the board by it', async () => {
    // The migrations as they were before 0011.
    const before = migrationsBefore('0011_workouts_received_at');

    const client = await PGlite.create();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(`
        insert into users (username, email, password_hash, created_at) values
          ('early', 'early@example.com', 'x', '2026-01-01T00:00:00Z'),
          ('late', 'late@example.com', 'x', '2026-01-01T00:00:00Z');
        insert into workouts (user_id, pushups, created_at) values
          (1, 40, '2026-11-20T10:00:00Z'),
          (2, 40, '2026-11-20T09:00:00Z'),
          (2, 12, '2026-11-19T09:00:00Z');
        -- The all-time bests as the leaderboard code of that time kept them.
        insert into leaderboard_bests (user_id, period_id, workout_id, pushups, created_at)
          select distinct on (w.user_id) w.user_id, p.id, w.id, w.pushups, w.created_at
          from workouts w cross join leaderboard_periods p
          where p.starts_at = '-infinity'
          order by w.user_id, w.pushups desc, w.created_at, w.id
          on conflict do nothing;
      `);
      await migratePgliteClient(client);
      const rows = await client.query<{ same: boolean }>(
        `select received_at = created_at as same from workouts`,
      );
      expect(rows.rows.map((r) => r.same)).toEqual([true, true, true]);
      const bests = await client.query<{ same: boolean }>(
        `select received_at = created_at as same from leaderboard_bests`,
      );
      expect(bests.rows.map((r) => r.same)).toEqual([true, true]);
      // Saved before the migration, so tied sets keep the order they had (by created_at).
      const board = await client.query<{ username: string; rank: number }>(
        `select username, rank::int from lb_board('pushup-90', '-infinity', 'infinity', 10, null, null, null)`,
      );
      expect(board.rows).toEqual([
        { username: 'late', rank: 1 },
        { username: 'early', rank: 1 },
      ]);
      // A set saved now is received now, whatever time it claims.
      await client.exec(
        `insert into workouts (user_id, score, created_at) values (1, 41, '2026-11-19T08:00:00Z')`,
      );
      const fresh = await client.query<{ recent: boolean }>(
        `select received_at > now() - interval '1 minute' as recent from workouts where score = 41`,
      );
      expect(fresh.rows[0]!.recent).toBe(true);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
