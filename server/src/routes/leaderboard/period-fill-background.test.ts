import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// The background fill of a new period, as the server runs it (docs/decisions/0066-periods-without-blocking.md),
// with batches small enough that 60 members take a dozen of them.
const t = useTestApp({ periodFillBatch: 5 });

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  rowsOf<T>(t.app.db, query);

const fillCursor = async () =>
  (
    await rows<{ fill_cursor: number | null }>(
      sql`select fill_cursor from leaderboard_periods where ends_at <> 'infinity' order by id desc limit 1`,
    )
  )[0]!.fill_cursor;

describe('a new period filled in the background', () => {
  it('lets a save through while it is being built, and ends equal to a from-scratch build', async () => {
    t.clock.set('2026-06-17T15:00:00Z');
    const many: MadeUser[] = [];
    for (let i = 0; i < 60; i++) {
      const u = await createUser(t.app, { username: `bg${i}` });
      await createWorkout(t.app, u.id, {
        pushups: 20 + (i % 30),
        createdAt: new Date('2026-06-16T08:00:00Z'),
      });
      many.push(u);
    }
    // A week in a zone nobody asked for: registered by this read, then filled in the background.
    const first = await t.app.inject({ url: '/api/leaderboard/week?tz=Pacific/Chatham&limit=100' });
    expect(first.statusCode).toBe(200);
    expect(first.json<LeaderboardEntry[]>()).toHaveLength(60);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: { ...many[7]!.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { pushups: 99 },
    });
    // The save was answered while the fill was still going.
    const cursorAfterSave = await fillCursor();
    expect(saved.statusCode, saved.body).toBe(201);
    expect(cursorAfterSave).not.toBeNull();
    for (let i = 0; i < 500 && (await fillCursor()) !== null; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await fillCursor()).toBeNull();
    const [{ pid }] = (await rows<{ pid: number }>(
      sql`select id as pid from leaderboard_periods where ends_at <> 'infinity' order by id desc limit 1`,
    )) as [{ pid: number }];
    const kept = await rows(
      sql`select user_id, workout_id, score from leaderboard_bests where period_id = ${pid} order by user_id`,
    );
    const scratch = await rows(
      sql`select user_id, workout_id, score from lb_best_workouts(null, array[${pid}::int]) order by user_id`,
    );
    expect(kept).toHaveLength(60);
    expect(kept).toEqual(scratch);
    const after = await t.app.inject({ url: '/api/leaderboard/week?tz=Pacific/Chatham' });
    expect(after.json<LeaderboardEntry[]>()[0]).toMatchObject({
      username: many[7]!.username,
      pushups: 99,
    });
  });
});
