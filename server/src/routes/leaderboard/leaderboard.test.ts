import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leaderboardEntrySchema, type LeaderboardEntry } from '@common/schemas/leaderboard';
import { leaderboardBests, users, workouts } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';
import { fillPeriods } from './period-fill';

const t = useTestApp();

const NOW = '2026-06-17T15:00:00Z'; // a Wednesday
beforeEach(async () => {
  // Every test starts from an empty board (cascades to workouts and the summaries).
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

function get(
  path: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ url: `/api/leaderboard/${path}${qs ? `?${qs}` : ''}`, headers });
}
async function board(
  period: string,
  query: Record<string, string | number> = {},
): Promise<LeaderboardEntry[]> {
  const res = await get(period, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (rows: LeaderboardEntry[]) => rows.map((r) => r.username);
const at = (iso: string) => new Date(iso);
const lift = (u: MadeUser, pushups: number, iso: string) =>
  createWorkout(t.app, u.id, { pushups, createdAt: at(iso) });

describe('GET /api/leaderboard/:period ranking', () => {
  it('gives one entry per user (their best set), shared ranks for ties and earlier first', async () => {
    const a = await createUser(t.app, { username: 'alpha' });
    const b = await createUser(t.app, { username: 'bravo' });
    const c = await createUser(t.app, { username: 'charlie' });
    const d = await createUser(t.app, { username: 'delta' });
    await lift(a, 30, '2026-06-17T08:00:00Z');
    const aBest = await lift(a, 50, '2026-06-17T09:00:00Z');
    await lift(a, 50, '2026-06-17T10:00:00Z'); // same count later: not the best
    const cBest = await lift(c, 40, '2026-06-17T09:30:00Z');
    const bBest = await lift(b, 40, '2026-06-17T11:00:00Z');
    await lift(d, 30, '2026-06-17T07:00:00Z');

    for (const period of ['today', 'week', 'month', 'all_time']) {
      const rows = await board(period);
      expect(names(rows), period).toEqual(['alpha', 'charlie', 'bravo', 'delta']);
      expect(rows.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
      expect(rows[0]).toEqual({
        id: aBest.id,
        username: 'alpha',
        rank: 1,
        score: 50,
        pushups: 50,
        createdAt: '2026-06-17T09:00:00.000Z',
        age: null,
        gender: null,
        profilePicture: null,
        verified: false,
        tier: 'entered',
      });
      expect(rows[1]!.id).toBe(cBest.id);
      expect(rows[2]!.id).toBe(bBest.id);
    }
  });

  it('writes createdAt like the rest of the API (milliseconds, UTC)', async () => {
    const u = await createUser(t.app, { username: 'precise' });
    await t.app.db.execute(
      sql`insert into workouts (user_id, score, created_at) values (${u.id}, 10, '2026-06-17T09:00:00.123789Z')`,
    );
    const [w] = await t.app.db.select().from(workouts).where(eq(workouts.userId, u.id));
    expect(w!.createdAt.toISOString()).toBe('2026-06-17T09:00:00.123Z');
    expect((await board('today'))[0]!.createdAt).toBe('2026-06-17T09:00:00.123Z');
    expect((await get('today/me', {}, u.headers)).json().createdAt).toBe(
      '2026-06-17T09:00:00.123Z',
    );
  });

  it('accepts all-time as all_time and keeps only the period’s workouts in the others', async () => {
    const old = await createUser(t.app, { username: 'oldtimer' });
    const now = await createUser(t.app, { username: 'fresh' });
    await lift(old, 99, '2025-01-01T12:00:00Z');
    await lift(now, 10, '2026-06-17T12:00:00Z');
    expect(names(await board('all-time'))).toEqual(['oldtimer', 'fresh']);
    expect(names(await board('all_time'))).toEqual(['oldtimer', 'fresh']);
    expect(names(await board('today'))).toEqual(['fresh']);
  });

  it('honours limit and never returns an email or password', async () => {
    for (let i = 0; i < 4; i++) {
      const u = await createUser(t.app, { fullName: 'Secret Name', age: 30, gender: 'female' });
      await lift(u, 10 + i, '2026-06-17T12:00:00Z');
    }
    const res = await get('today', { limit: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.body).not.toMatch(/email|@example\.com|password|argon/i);
    for (const entry of res.json()) {
      expect(Object.keys(entry).sort()).toEqual([
        'age',
        'createdAt',
        'gender',
        'id',
        'profilePicture',
        'pushups',
        'rank',
        'score',
        'tier',
        'username',
        'verified',
      ]);
      expect(leaderboardEntrySchema.strict().safeParse(entry).success).toBe(true);
    }
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('is public and empty when nobody has trained', async () => {
    expect(await board('week')).toEqual([]);
  });
});

describe('calendar periods in the viewer’s time zone (docs/product.md#leaderboard-periods)', () => {
  // Each case: the clock, the period, and its first instant in UTC. A workout one second
  // before the start is out, one at the start is in, one at the next period's start is out.
  const cases = [
    // Los Angeles: the spring-forward day is 23 hours long.
    {
      tz: 'America/Los_Angeles',
      now: '2026-03-08T10:00:00Z',
      period: 'today',
      start: '2026-03-08T08:00:00Z',
      next: '2026-03-09T07:00:00Z',
    },
    {
      tz: 'America/Los_Angeles',
      now: '2026-03-10T18:00:00Z',
      period: 'week',
      start: '2026-03-08T08:00:00Z',
      next: '2026-03-15T07:00:00Z',
    },
    {
      tz: 'America/Los_Angeles',
      now: '2026-11-03T12:00:00Z',
      period: 'month',
      start: '2026-11-01T07:00:00Z',
      next: '2026-12-01T08:00:00Z',
    },
    // Auckland: clocks go back on Sunday 5 April 2026 and forward on 27 September 2026.
    {
      tz: 'Pacific/Auckland',
      now: '2026-04-05T12:30:00Z',
      period: 'today',
      start: '2026-04-05T12:00:00Z',
      next: '2026-04-06T12:00:00Z',
    },
    {
      tz: 'Pacific/Auckland',
      now: '2026-04-07T00:00:00Z',
      period: 'week',
      start: '2026-04-04T11:00:00Z',
      next: '2026-04-11T12:00:00Z',
    },
    {
      tz: 'Pacific/Auckland',
      now: '2026-10-02T00:00:00Z',
      period: 'month',
      start: '2026-09-30T11:00:00Z',
      next: '2026-10-31T11:00:00Z',
    },
    {
      tz: 'UTC',
      now: '2026-06-17T15:00:00Z',
      period: 'week',
      start: '2026-06-14T00:00:00Z',
      next: '2026-06-21T00:00:00Z',
    },
  ] as const;

  it.each(cases)('$tz $period starts at $start', async ({ tz, now, period, start, next }) => {
    t.clock.set(now);
    const before = await createUser(t.app, { username: 'before' });
    const first = await createUser(t.app, { username: 'first' });
    const after = await createUser(t.app, { username: 'after' });
    await lift(before, 90, new Date(at(start).getTime() - 1000).toISOString());
    await lift(first, 20, start);
    await lift(after, 80, next);
    expect(names(await board(period, { tz }))).toEqual(['first']);
    const me = await get(`${period}/me`, { tz }, first.headers);
    expect(me.json()).toMatchObject({ rank: 1, pushups: 20 });
    expect((await get(`${period}/me`, { tz }, before.headers)).json()).toBeNull();
  });

  it('uses UTC when no tz is given', async () => {
    t.clock.set('2026-11-03T12:00:00Z');
    const u = await createUser(t.app, { username: 'utcuser' });
    // 1 Nov 05:00 UTC is still 31 October in Los Angeles.
    await lift(u, 25, '2026-11-01T05:00:00Z');
    expect(names(await board('month'))).toEqual(['utcuser']);
    expect(names(await board('month', { tz: 'America/Los_Angeles' }))).toEqual([]);
  });
});

describe('summaries stay right after writes', () => {
  it('a deleted best gives way to the next best; deleting the last drops the user', async () => {
    const a = await createUser(t.app, { username: 'anna' });
    const b = await createUser(t.app, { username: 'ben' });
    const best = await lift(a, 60, '2026-06-17T09:00:00Z');
    const next = await lift(a, 35, '2026-06-16T09:00:00Z');
    await lift(b, 40, '2026-06-17T10:00:00Z');
    expect(names(await board('today'))).toEqual(['anna', 'ben']);
    expect(names(await board('all_time'))).toEqual(['anna', 'ben']);

    await t.app.db.delete(workouts).where(eq(workouts.id, best.id));
    expect(names(await board('today'))).toEqual(['ben']);
    const all = await board('all_time');
    expect(names(all)).toEqual(['ben', 'anna']);
    expect(all[1]).toMatchObject({ id: next.id, pushups: 35, rank: 2 });

    await t.app.db.delete(workouts).where(eq(workouts.id, next.id));
    expect(names(await board('all_time'))).toEqual(['ben']);
    expect((await get('all_time/me', {}, a.headers)).json()).toBeNull();
  });

  it('a new set counts at once on every board already shown (no stale ranks)', async () => {
    const a = await createUser(t.app, { username: 'amy' });
    const b = await createUser(t.app, { username: 'bob' });
    await lift(a, 30, '2026-06-17T09:00:00Z');
    await lift(b, 20, '2026-06-17T09:00:00Z');
    for (const p of ['today', 'week', 'month', 'all_time'])
      expect(names(await board(p))).toEqual(['amy', 'bob']);
    await lift(b, 31, '2026-06-17T14:00:00Z');
    for (const p of ['today', 'week', 'month', 'all_time'])
      expect(names(await board(p)), p).toEqual(['bob', 'amy']);
  });

  it('a deleted user leaves every board', async () => {
    const a = await createUser(t.app, { username: 'gone' });
    const b = await createUser(t.app, { username: 'stays' });
    await lift(a, 50, '2026-06-17T09:00:00Z');
    await lift(b, 10, '2026-06-17T09:00:00Z');
    await board('today');
    await deleteUser(t.app, a.id);
    for (const p of ['today', 'all_time']) {
      const rows = await board(p);
      expect(names(rows)).toEqual(['stays']);
      expect(rows[0]!.rank).toBe(1);
    }
    expect(
      await t.app.db.select().from(leaderboardBests).where(eq(leaderboardBests.userId, a.id)),
    ).toEqual([]);
  });

  it('bulk inserts and direct updates keep the summaries right', async () => {
    const a = await createUser(t.app, { username: 'bulk' });
    const b = await createUser(t.app, { username: 'other' });
    await board('today');
    const rows = await t.app.db
      .insert(workouts)
      .values([
        { userId: a.id, score: 12, createdAt: at('2026-06-17T08:00:00Z') },
        { userId: a.id, score: 44, createdAt: at('2026-06-17T08:10:00Z') },
        { userId: b.id, score: 30, createdAt: at('2026-06-17T08:20:00Z') },
      ])
      .returning();
    expect((await board('today')).map((r) => [r.username, r.pushups])).toEqual([
      ['bulk', 44],
      ['other', 30],
    ]);
    await t.app.db.update(workouts).set({ score: 10 }).where(eq(workouts.id, rows[1]!.id));
    expect((await board('today')).map((r) => [r.username, r.pushups])).toEqual([
      ['other', 30],
      ['bulk', 12],
    ]);
    await t.app.db.update(workouts).set({ userId: b.id }).where(eq(workouts.userId, a.id));
    expect((await board('all_time')).map((r) => [r.username, r.pushups])).toEqual([['other', 30]]);
  });

  it('agrees with a from-scratch computation after mixed writes', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.app)));
    await board('week');
    const made = [];
    for (let i = 0; i < 25; i++) {
      const u = people[(i * 7) % 5]!;
      made.push(
        await lift(
          u,
          5 + ((i * 13) % 17),
          new Date(at(NOW).getTime() - i * 9 * 3_600_000).toISOString(),
        ),
      );
    }
    for (const w of made.filter((_, i) => i % 4 === 1))
      await t.app.db.delete(workouts).where(eq(workouts.id, w.id));
    const expected = await rowsOf<{ id: number }>(
      t.app.db,
      sql`
      select distinct on (user_id) id from workouts
      where created_at >= '2026-06-14T00:00:00Z' and created_at < '2026-06-21T00:00:00Z'
      order by user_id, score desc, created_at, id`,
    );
    const ids = expected.map((r) => Number(r.id)).sort((x, y) => x - y);
    const rows = await board('week');
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
    // Each user's own rank (from the per-count tallies) agrees with the board.
    for (const p of people) {
      const mine = rows.find((r) => r.username === p.username);
      const me = (await get('week/me', {}, p.headers)).json();
      expect(me === null ? null : me.rank).toBe(mine ? mine.rank : null);
    }
  });

  it('a new name or picture and a set marked verified reach every board at once, and the bests agree with workouts', async () => {
    const a = await createUser(t.app, { username: 'before' });
    const b = await createUser(t.app, { username: 'other' });
    const best = await lift(a, 60, '2026-06-17T08:00:00Z');
    await lift(b, 50, '2026-06-17T09:00:00Z');
    const periods = ['today', 'week', 'month', 'all_time'];
    for (const p of periods) expect(names(await board(p))).toEqual(['before', 'other']);
    // Complete: the boards are read from the bests, not from workouts as while a period fills.
    await fillPeriods(t.app.db);
    // Written behind the app's back, as a script would: the triggers keep the bests' copies.
    await t.app.db
      .update(users)
      .set({ username: 'after', profilePicture: '/api/avatars/new' })
      .where(eq(users.id, a.id));
    for (const p of periods) {
      const [top] = await board(p);
      expect(top, p).toMatchObject({
        id: best.id,
        username: 'after',
        profilePicture: '/api/avatars/new',
        verified: false,
      });
    }
    await t.app.db.update(workouts).set({ verified: true }).where(eq(workouts.id, best.id));
    for (const p of periods)
      expect((await board(p))[0], p).toMatchObject({
        id: best.id,
        username: 'after',
        verified: true,
      });
    const differ = await rowsOf(
      t.app.db,
      sql`
      (select user_id, period_id, workout_id, username, profile_picture, verified from leaderboard_bests
       except select user_id, period_id, workout_id, username, profile_picture, verified from lb_best_workouts(null, null))
      union all
      (select user_id, period_id, workout_id, username, profile_picture, verified from lb_best_workouts(null, null)
       except select user_id, period_id, workout_id, username, profile_picture, verified from leaderboard_bests)`,
    );
    expect(differ).toEqual([]);
  });

  it('concurrent saves and deletes keep the tallies exact', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
    for (const p of ['today', 'week', 'month']) await board(p);
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lift(people[i % 8]!, 10 + (i % 5), `2026-06-17T0${i % 10}:00:00Z`),
      ),
    );
    await Promise.all(
      made
        .filter((_, i) => i % 3 === 0)
        .map((w) => t.app.db.delete(workouts).where(eq(workouts.id, w.id))),
    );
    const check = await rowsOf<{ bests: number; counted: number }>(
      t.app.db,
      sql`
      select b.period_id, count(*)::int as bests,
             (select coalesce(sum(c.users), 0)::int from leaderboard_counts c where c.period_id = b.period_id) as counted
      from leaderboard_bests b group by b.period_id`,
    );
    for (const r of check) {
      expect(Number(r.counted)).toBe(Number(r.bests));
    }
    const rows = await board('today');
    for (const p of people) {
      const me = (await get('today/me', {}, p.headers)).json();
      expect(me?.rank ?? null).toBe(rows.find((r) => r.username === p.username)?.rank ?? null);
    }
  });

  it('lb_rebuild() recomputes the summaries after a load with the trigger off', async () => {
    const a = await createUser(t.app, { username: 'loaded' });
    const b = await createUser(t.app, { username: 'live' });
    await lift(b, 20, '2026-06-17T09:00:00Z');
    await board('today');
    // The day's summaries complete (a new period is filled in the background).
    await fillPeriods(t.app.db);
    await t.app.db.execute(sql`alter table workouts disable trigger lb_workouts_insert`);
    await lift(a, 70, '2026-06-17T10:00:00Z');
    await t.app.db.execute(sql`alter table workouts enable trigger lb_workouts_insert`);
    expect(names(await board('today'))).toEqual(['live']);
    await t.app.db.execute(sql`select lb_rebuild()`);
    for (const p of ['today', 'all_time'])
      expect(names(await board(p))).toEqual(['loaded', 'live']);
    expect((await get('today/me', {}, b.headers)).json()).toMatchObject({ rank: 2 });
  });

  it('forgets periods that ended long ago and rebuilds one when asked again', async () => {
    const u = await createUser(t.app, { username: 'returner' });
    await lift(u, 33, '2026-03-04T10:00:00Z');
    t.clock.set('2026-03-04T12:00:00Z');
    expect(names(await board('today'))).toEqual(['returner']);
    const periods = () =>
      rowsOf<{ starts_at: Date | string }>(
        t.app.db,
        sql`select starts_at from leaderboard_periods where ends_at <> 'infinity'`,
      );
    const count = async () => (await periods()).length;
    expect(await count()).toBeGreaterThan(0);
    // Months later a new day is registered, and every period that ended over 8 days before goes.
    t.clock.set('2026-08-20T12:00:00Z');
    await board('today');
    const left = await periods();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => new Date(r.starts_at) >= at('2026-08-01T00:00:00Z'))).toBe(true);
    t.clock.set('2026-03-04T12:00:00Z');
    expect(names(await board('today'))).toEqual(['returner']);
    expect((await get('today/me', {}, u.headers)).json()).toMatchObject({ rank: 1, pushups: 33 });
  });
});

describe('filters (docs/product.md#leaderboard-filters)', () => {
  it('narrow the rows but keep the overall rank; unknown age or gender only under all', async () => {
    const spec = [
      ['teen', 17, 'female', 70],
      ['twenty', 25, 'male', 60],
      ['thirty', 35, 'female', 60],
      ['noage', null, 'female', 50],
      ['private', 44, 'prefer-not-to-say', 40],
      ['senior', 66, 'male', 30],
      ['fifty', 59, null, 20],
    ] as const;
    for (const [username, age, gender, pushups] of spec) {
      const u = await createUser(t.app, { username, age, gender });
      await lift(u, pushups, '2026-06-17T10:00:00Z');
    }
    const ranked = (rows: LeaderboardEntry[]) => rows.map((r) => `${r.username}:${r.rank}`);
    expect(ranked(await board('today'))).toEqual([
      'teen:1',
      'twenty:2',
      'thirty:2',
      'noage:4',
      'private:5',
      'senior:6',
      'fifty:7',
    ]);
    expect(ranked(await board('today', { gender: 'female' }))).toEqual([
      'teen:1',
      'thirty:2',
      'noage:4',
    ]);
    expect(ranked(await board('today', { gender: 'male' }))).toEqual(['twenty:2', 'senior:6']);
    expect(ranked(await board('today', { ageGroup: 'under-20' }))).toEqual(['teen:1']);
    expect(ranked(await board('today', { ageGroup: '30-39', gender: 'female' }))).toEqual([
      'thirty:2',
    ]);
    expect(ranked(await board('today', { ageGroup: '40-49' }))).toEqual(['private:5']);
    expect(ranked(await board('today', { ageGroup: '50-59' }))).toEqual(['fifty:7']);
    expect(ranked(await board('today', { ageGroup: '60-plus' }))).toEqual(['senior:6']);
    expect(ranked(await board('today', { ageGroup: 'all', gender: 'all' }))).toHaveLength(7);
    expect(ranked(await board('today', { gender: 'female', limit: 2 }))).toEqual([
      'teen:1',
      'thirty:2',
    ]);
  });

  it('follow profile changes (bands use the current age)', async () => {
    const u = await createUser(t.app, { username: 'grower', age: 19, gender: 'male' });
    await lift(u, 20, '2026-06-17T10:00:00Z');
    expect(names(await board('today', { ageGroup: 'under-20' }))).toEqual(['grower']);
    await t.app.db.update(users).set({ age: 20, gender: 'female' }).where(eq(users.id, u.id));
    expect(names(await board('today', { ageGroup: 'under-20' }))).toEqual([]);
    expect(names(await board('today', { ageGroup: '20-29', gender: 'female' }))).toEqual([
      'grower',
    ]);
  });
});

describe('bad requests', () => {
  it.each([
    ['yesterday', {}, 'period'],
    ['All_Time', {}, 'period'],
    ['today', { tz: 'Mars/Olympus_Mons' }, 'tz'],
    ['today', { tz: '' }, 'tz'],
    ['today', { ageGroup: '18-25' }, 'ageGroup'],
    ['today', { gender: 'other' }, 'gender'],
    ['today', { limit: 0 }, 'limit'],
    ['today', { limit: 501 }, 'limit'],
    ['today', { limit: 'lots' }, 'limit'],
    ['today', { limit: 2.5 }, 'limit'],
  ] as const)('%s %j is a 400 on %s', async (period, query, field) => {
    const res = await get(period, query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field]).toBeDefined();
  });

  it('explains an unknown period', async () => {
    const res = await get('yesterday');
    expect(res.json().message).toBe(
      'Unknown leaderboard period. Use today, week, month or all_time.',
    );
    expect((await get('yesterday/me')).statusCode).toBe(400);
  });
});

describe('GET /api/leaderboard/:period/me', () => {
  it('is 401 when signed out', async () => {
    const res = await get('today/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('is null without a workout in the period, else the overall rank and best', async () => {
    const me = await createUser(t.app);
    expect((await get('today/me', {}, me.headers)).json()).toBeNull();
    const others = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    await lift(others[0]!, 50, '2026-06-17T09:00:00Z');
    await lift(others[1]!, 40, '2026-06-17T09:00:00Z');
    await lift(others[2]!, 40, '2026-06-17T09:00:00Z');
    await lift(me, 20, '2026-06-17T07:00:00Z');
    const best = await lift(me, 40, '2026-06-17T10:00:00Z');
    const res = await get('today/me', {}, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rank: 2,
      score: 40,
      pushups: 40,
      id: best.id,
      createdAt: '2026-06-17T10:00:00.000Z',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await get('all-time/me', {}, me.headers)).json()).toMatchObject({
      rank: 2,
      id: best.id,
    });
    expect((await get('today/me', { tz: 'Nowhere/Land' }, me.headers)).statusCode).toBe(400);
  });
});
