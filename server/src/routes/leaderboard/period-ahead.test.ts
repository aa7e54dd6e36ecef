import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { fillPeriods } from './period-fill';
import { AHEAD_MS } from './period-ahead';

// The next day, week and month of the zones the boards were asked for are registered before they
// begin (server/src/routes/leaderboard/period-ahead.ts).
const t = useTestApp({ periodFillBatch: 0 });
const TZ = 'Asia/Kathmandu'; // UTC+05:45: local midnight is 18:15 UTC

type Period = { id: number; starts_at: string; ends_at: string; fill_cursor: number | null };
const periods = () =>
  rowsOf<Period>(
    t.app.db,
    sql`select id, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts_at,
               to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as ends_at, fill_cursor
        from leaderboard_periods where ends_at <> 'infinity' order by starts_at, ends_at`,
  );
const board = async (period: string) => {
  const res = await t.app.inject({
    url: `/api/leaderboard/${period}?tz=${encodeURIComponent(TZ)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeaderboardEntry[]>();
};

describe('periods ahead', () => {
  it('registers the next local day of a zone asked for, shortly before midnight there, and only then', async () => {
    // Wednesday 2026-06-17 22:00 in Kathmandu: two hours to midnight, nothing is due.
    t.clock.set('2026-06-17T16:15:00Z');
    await board('today');
    expect(t.app.periodsAhead.due(t.clock.now)).toEqual([]);
    expect(await t.app.periodsAhead.prepare(t.clock.now)).toBe(0);
    const before = await periods();

    // 23:50 there: tomorrow (Kathmandu) is due, and nothing else (the week ends on Saturday).
    t.clock.set('2026-06-17T18:05:00Z');
    const due = t.app.periodsAhead
      .due(t.clock.now)
      .map((p) => [p.start.toISOString(), p.end.toISOString()]);
    expect(due).toEqual([['2026-06-17T18:15:00.000Z', '2026-06-18T18:15:00.000Z']]);
    expect(await t.app.periodsAhead.prepare(t.clock.now)).toBe(1);
    await fillPeriods(t.app.db);
    const after = await periods();
    const tomorrow = after.find(
      (p) => p.starts_at === '2026-06-17T18:15Z' && p.ends_at === '2026-06-18T18:15Z',
    );
    expect(tomorrow, JSON.stringify(after)).toBeDefined();
    expect(tomorrow!.fill_cursor).toBeNull(); // complete: it held no workout to fill
    expect(after).toHaveLength(before.length + 1);
    // Again: the same period, not a second one.
    await t.app.periodsAhead.prepare(t.clock.now);
    expect(await periods()).toHaveLength(after.length);

    // After midnight there, a save goes into the prepared period, whose board reads it.
    t.clock.set('2026-06-17T18:20:00Z');
    const u = await createUser(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: { ...u.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { pushups: 42 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const today = await board('today');
    expect(today.map((e) => [e.username, e.pushups])).toEqual([[u.username, 42]]);
    const kept = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from leaderboard_bests where period_id = ${tomorrow!.id} and user_id = ${u.id}`,
    );
    expect(kept[0]!.n).toBe(1);
  });

  it('prepares the next week and month too when they are near, for UTC by default', async () => {
    // Saturday 2026-10-31 23:45 UTC: tomorrow, next week (from Sunday) and November are all due.
    t.clock.set(new Date(Date.parse('2026-11-01T00:00:00Z') - AHEAD_MS / 2));
    await t.app.inject({ url: '/api/leaderboard/week' });
    const due = t.app.periodsAhead
      .due(t.clock.now)
      .map((p) => `${p.start.toISOString()}..${p.end.toISOString()}`);
    expect(due).toEqual(
      expect.arrayContaining([
        '2026-11-01T00:00:00.000Z..2026-11-02T00:00:00.000Z',
        '2026-11-01T00:00:00.000Z..2026-11-08T00:00:00.000Z',
        '2026-11-01T00:00:00.000Z..2026-12-01T00:00:00.000Z',
      ]),
    );
  });
});
