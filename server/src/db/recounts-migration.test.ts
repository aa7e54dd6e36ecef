import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import { migrationsBefore } from '../test/migrations-before';
import { describe, expect, it } from 'vitest';
import { env } from '../env';
import { migratePgliteClient, pgliteRunner } from './client';
import { applySqlSources, readSqlSources } from './sql-sources';

// Migration 0033 on a database whose sets 0032 made camera-counted while they stayed verified:
// they leave the Verified boards (the boards' copies follow, the triggers being off), and those
// with a proof clip are queued for a recount. docs/decisions/0240-recounting-proof-clips.md.
// Tried once, on PGlite; the same SQL runs on PostgreSQL.
// Today's SQL sources whose tables 0033's schema has (the later files read later tables).
const BEFORE_0033 = ['leaderboard.sql', 'sessions.sql', 'saves.sql', 'standing.sql'];

describe.skipIf(env.TEST_DB_KIND === 'postgres')('migration 0033: recounts', () => {
  it('turns verified off for camera-counted sets, boards included, and queues their recounts', async () => {
    const before = migrationsBefore('0033_recounts');

    const client = await PGlite.create();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      await applySqlSources(
        pgliteRunner(client),
        readSqlSources().filter((f) => BEFORE_0033.includes(f.name)),
      );
      await client.exec(`
        insert into users (username, email, password_hash, age, gender, created_at) values
          ('cam', 'cam@example.com', 'x', 33, 'male', '2026-01-01T00:00:00Z'),
          ('typed', 'typed@example.com', 'x', 33, 'male', '2026-01-01T00:00:00Z');
        select lb_period('pushup-90', '-infinity', 'infinity');
        -- As 0032 left them: camera-counted, still verified.
        insert into workouts (user_id, score, created_at, received_at, verified, tier) values
          (1, 40, '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z', true, 'camera-counted'),
          (1, 30, '2026-11-20T11:00:00Z', '2026-11-20T11:00:00Z', true, 'camera-counted'),
          (2, 50, '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z', false, 'entered');
        insert into workout_clips (workout_id, user_id, bytes, codec, width, height, frames, duration_ms)
          values (1, 1, '\\x00', 'vp8', 160, 120, 900, 90000);
        select lb_rebuild();
      `);
      const q = async <T>(text: string) => (await client.query<T>(text)).rows;
      const verifiedBoard = `select username from lb_board_verified('pushup-90', '-infinity', 'infinity', 10, null, null, null)`;
      expect(await q(verifiedBoard)).toHaveLength(1);
      expect(await q(`select 1 from standing_bests where verified`)).toHaveLength(1);

      await migratePgliteClient(client);
      expect(await q(`select id, verified, tier from workouts order by id`)).toEqual([
        { id: 1, verified: false, tier: 'camera-counted' },
        { id: 2, verified: false, tier: 'camera-counted' },
        { id: 3, verified: false, tier: 'entered' },
      ]);
      expect(await q(verifiedBoard)).toEqual([]);
      expect(await q(`select verified from leaderboard_bests where verified`)).toEqual([]);
      expect(await q(`select 1 from standing_bests where verified`)).toEqual([]);
      expect(await q(`select 1 from standing_counts where verified`)).toEqual([]);
      // The full board and its counts are as they were.
      expect(
        await q(
          `select username, score from lb_board('pushup-90', '-infinity', 'infinity', 10, null, null, null)`,
        ),
      ).toEqual([
        { username: 'typed', score: 50 },
        { username: 'cam', score: 40 },
      ]);
      expect(await q(`select workout_id, state from clip_recounts`)).toEqual([
        { workout_id: 1, state: 'queued' },
      ]);
      // Recounted later: back on the Verified boards, through the triggers now in force.
      await client.exec(`update workouts set tier = 'recounted', verified = true where id = 1`);
      expect(await q(verifiedBoard)).toEqual([{ username: 'cam' }]);
      expect(await q(`select 1 from standing_bests where verified`)).toHaveLength(1);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
