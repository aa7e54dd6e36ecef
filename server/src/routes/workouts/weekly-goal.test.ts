import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { localWeekNumber, weekStreakOf } from './weekly-goal';

// GET /api/stats: weeklyGoal, sessionsThisWeek and weekStreak (docs/decisions/0053-weekly-goal.md):
// a session is a day of the member's zone with at least one set.
const t = useTestApp();

const WEEK = 7 * 86_400_000;

async function myStats(user: MadeUser, tz?: string) {
  const res = await t.app.inject({
    url: `/api/stats${tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { weeklyGoal: number; sessionsThisWeek: number; weekStreak: number };
}
const at = (user: MadeUser, iso: string) =>
  createWorkout(t.app, user.id, { createdAt: new Date(iso) });

async function setGoal(user: MadeUser, weeklyGoal: number) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ weeklyGoal }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('weekly goal in GET /api/stats', () => {
  it('counts this Sunday-start week in UTC when no zone is given, and only my workouts', async () => {
    t.clock.set('2026-03-04T12:00:00Z'); // a Wednesday
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    await at(u, '2026-02-28T23:59:59Z'); // Saturday: last week
    await at(u, '2026-03-01T00:00:00Z'); // Sunday 00:00: this week
    await at(u, '2026-03-04T11:00:00Z');
    await at(other, '2026-03-02T10:00:00Z');
    expect(await myStats(u)).toMatchObject({ weeklyGoal: 3, sessionsThisWeek: 2, weekStreak: 0 });
    expect(await myStats(u, 'UTC')).toMatchObject({ sessionsThisWeek: 2 });
  });

  it("uses the member's zone: a session is a local day; a Saturday-night set in New York is last week there (DST starts that Sunday)", async () => {
    // 2026-03-08 is a Sunday; New York springs forward at 02:00 that day (EST, UTC-5, until then).
    t.clock.set('2026-03-10T12:00:00Z');
    const u = await createUser(t.app);
    await at(u, '2026-03-08T04:30:00Z'); // Sat 23:30 EST; Sunday in UTC and Tokyo
    await at(u, '2026-03-08T07:30:00Z'); // Sun 03:30 EDT (02:00-03:00 did not exist)
    await at(u, '2026-03-09T03:30:00Z'); // Sun 23:30 EDT; Monday in UTC and Tokyo
    // UTC: Sunday and Monday. New York: only Sunday (twice) this week. Tokyo: Sunday and Monday.
    expect((await myStats(u, 'UTC')).sessionsThisWeek).toBe(2);
    expect((await myStats(u, 'America/New_York')).sessionsThisWeek).toBe(1);
    expect((await myStats(u, 'Asia/Tokyo')).sessionsThisWeek).toBe(2);
  });

  it('counts a day with many sets as one session: four sets in ten minutes do not meet a goal of 4', async () => {
    t.clock.set('2026-06-10T12:10:00Z'); // Wednesday
    const u = await createUser(t.app);
    await setGoal(u, 4);
    for (const minute of ['00', '03', '06', '09']) await at(u, `2026-06-10T12:${minute}:00Z`);
    expect(await myStats(u)).toMatchObject({ weeklyGoal: 4, sessionsThisWeek: 1, weekStreak: 0 });
    // The day is the member's: 23:55 and 00:05 in Paris are two days, one day in UTC.
    t.clock.set('2026-06-12T12:00:00Z');
    const v = await createUser(t.app);
    await at(v, '2026-06-10T21:55:00Z'); // Wed 23:55 CEST
    await at(v, '2026-06-10T22:05:00Z'); // Thu 00:05 CEST
    expect((await myStats(v, 'Europe/Paris')).sessionsThisWeek).toBe(2);
    expect((await myStats(v, 'UTC')).sessionsThisWeek).toBe(1);
  });

  it('keeps a week that holds a DST change 169 hours long (Berlin falls back on 2026-10-25)', async () => {
    t.clock.set('2026-10-31T22:45:00Z');
    const u = await createUser(t.app);
    await setGoal(u, 2);
    // The week runs from Sun 2026-10-25 00:00 CEST (Oct 24 22:00Z) to Sun Nov 1 00:00 CET (Oct 31 23:00Z).
    await at(u, '2026-10-24T21:59:00Z'); // Sat 23:59 CEST: the week before
    await at(u, '2026-10-24T22:00:00Z'); // Sun 00:00 CEST
    await at(u, '2026-10-31T22:30:00Z'); // Sat 23:30 CET: a fixed +2 offset would call it Sunday
    expect(await myStats(u, 'Europe/Berlin')).toMatchObject({ sessionsThisWeek: 2, weekStreak: 1 });
    // One minute into the next week: nothing yet this week, and last week's met goal still counts.
    t.clock.set('2026-10-31T23:01:00Z');
    expect(await myStats(u, 'Europe/Berlin')).toMatchObject({ sessionsThisWeek: 0, weekStreak: 1 });
    // In UTC this moment is still the week that started Sun Oct 25 00:00Z, which holds only the
    // Saturday 23:30 CET set (the two Berlin-Sunday ones were Saturday evening in UTC).
    expect(await myStats(u, 'UTC')).toMatchObject({ sessionsThisWeek: 1 });
  });

  it('counts consecutive met weeks; a missed week ends the streak, this week only adds once met', async () => {
    const now = new Date('2026-06-10T12:00:00Z'); // Wednesday; the week began Sun 2026-06-07
    t.clock.set(now);
    const u = await createUser(t.app);
    await setGoal(u, 2);
    // Mondays, or the Tuesday after: a session is a day.
    const weeksAgo = (n: number, tuesday = false) =>
      at(u, new Date(Date.UTC(2026, 5, tuesday ? 9 : 8, 10) - n * WEEK).toISOString());
    // 4 weeks ago: 2 (met), 3 weeks ago: 1 (missed), 2 and 1 weeks ago: 2 each (met).
    await weeksAgo(4);
    await weeksAgo(4, true);
    await weeksAgo(3);
    await weeksAgo(2);
    await weeksAgo(2, true);
    await weeksAgo(1);
    await weeksAgo(1, true);
    expect(await myStats(u)).toMatchObject({ weeklyGoal: 2, sessionsThisWeek: 0, weekStreak: 2 });
    await at(u, '2026-06-08T09:00:00Z');
    expect(await myStats(u)).toMatchObject({ sessionsThisWeek: 1, weekStreak: 2 });
    await at(u, '2026-06-09T09:00:00Z');
    expect(await myStats(u)).toMatchObject({ sessionsThisWeek: 2, weekStreak: 3 });
    // A lower goal makes the week with one session count too: 4 weeks back to back, then 4 ago.
    await setGoal(u, 1);
    expect(await myStats(u)).toMatchObject({ weeklyGoal: 1, weekStreak: 5 });
    await setGoal(u, 7);
    expect(await myStats(u)).toMatchObject({ weeklyGoal: 7, weekStreak: 0 });
  });

  it('ends the streak when last week was missed, even with earlier met weeks', async () => {
    t.clock.set('2026-06-10T12:00:00Z');
    const u = await createUser(t.app);
    await setGoal(u, 1);
    await at(u, '2026-05-25T10:00:00Z'); // two weeks ago
    await at(u, '2026-06-09T10:00:00Z'); // this week
    expect(await myStats(u)).toMatchObject({ sessionsThisWeek: 1, weekStreak: 1 });
  });

  it.each(['Not/AZone', '', 'x'.repeat(65), 'Europe/Paris\u0000', '+01:00'])(
    'refuses the zone %j with 400',
    async (tz) => {
      const u = await createUser(t.app);
      const res = await t.app.inject({
        url: `/api/stats?tz=${encodeURIComponent(tz)}`,
        headers: u.headers,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.tz).toEqual([expect.stringMatching(/time zone/i)]);
    },
  );
});

describe('week arithmetic', () => {
  it('numbers local Sunday-start weeks', () => {
    const sat = localWeekNumber(new Date('2026-02-28T23:59:59Z'), 'UTC');
    expect(localWeekNumber(new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe(sat + 1);
    expect(localWeekNumber(new Date('2026-03-07T23:59:59Z'), 'UTC')).toBe(sat + 1);
    expect(localWeekNumber(new Date('2026-03-01T00:00:00Z'), 'America/Los_Angeles')).toBe(sat);
    expect(localWeekNumber(new Date('1970-01-04T00:00:00Z'), 'UTC')).toBe(0);
    expect(localWeekNumber(new Date('1970-01-03T00:00:00Z'), 'UTC')).toBe(-1);
  });

  it('computes the streak from week counts', () => {
    const m = (o: Record<number, number>) =>
      new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));
    expect(weekStreakOf(m({}), 10, 3)).toEqual({ sessionsThisWeek: 0, weekStreak: 0 });
    expect(weekStreakOf(m({ 10: 3 }), 10, 3)).toEqual({ sessionsThisWeek: 3, weekStreak: 1 });
    expect(weekStreakOf(m({ 10: 2, 9: 3, 8: 4 }), 10, 3)).toEqual({
      sessionsThisWeek: 2,
      weekStreak: 2,
    });
    expect(weekStreakOf(m({ 10: 5, 9: 3, 7: 4 }), 10, 3)).toEqual({
      sessionsThisWeek: 5,
      weekStreak: 2,
    });
    expect(weekStreakOf(m({ 9: 2, 8: 3 }), 10, 3)).toEqual({ sessionsThisWeek: 0, weekStreak: 0 });
  });
});
