import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE, CATALOGUE } from '@common/challenges';
import type { Plan, TodaySession } from '@common/schemas/plans';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { createSession } from '../../lib/session';
import { SESSION_COOKIE } from '@common/constants';
import { dueSql } from '.';

const t = useTestApp();

const MONDAY = '2026-11-30T12:00:00Z';
const at = (date: string) => `${date}T12:00:00Z`;
beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set(MONDAY);
});

/** Moves the clock to noon UTC of `date`, signing `u` in again (sessions expire when idle). */
async function travel(u: MadeUser, date: string) {
  t.clock.set(at(date));
  u.headers.cookie = `${SESSION_COOKIE}=${await createSession(t.app.db, u.id, t.app.now())}`;
}

const json = { 'content-type': 'application/json' };
const post = (u: MadeUser, url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...u.headers, ...json },
    payload: JSON.stringify(body),
  });
const get = (u: MadeUser, url: string) => t.app.inject({ url, headers: u.headers });

async function ok<T>(res: Awaited<ReturnType<typeof get>>, code = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(code);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<T>();
}

async function startPlan(u: MadeUser, score = 40, days = [1, 3, 5]) {
  const w = await createWorkout(t.app, u.id, { pushups: score });
  return ok<Plan>(await post(u, '/api/plans', { workoutId: w.id, days }), 201);
}
const done = (u: MadeUser, p: Plan, sessionId: number, sets: number[]) =>
  post(u, `/api/plans/${p.id}/sessions/${sessionId}/done`, { done: sets });
const plan = (u: MadeUser, id: number) => get(u, `/api/plans/${id}`).then((r) => ok<Plan>(r));
const due = async (u: MadeUser, date: string) =>
  (await rowsOf<{ due: boolean }>(t.app.db, dueSql(u.id, date)))[0]!.due;

/** Does every training session up to the next re-test, each on its day. */
async function trainToRetest(u: MadeUser, id: number) {
  for (;;) {
    const p = await plan(u, id);
    const next = p.sessions.find((s) => !s.doneAt)!;
    if (next.kind === 'retest') return { p, retest: next };
    await travel(u, next.dueOn);
    await ok<Plan>(await done(u, p, next.id, next.prescription!.sets));
  }
}

describe('a plan from start to finish', () => {
  it('starts placed by a test set, on the chosen days, with today’s session', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    expect(p.status).toBe('active');
    expect(p.placedBy).toBe(40);
    expect(p.sessions).toHaveLength(18);
    expect(p.sessions.slice(0, 4).map((s) => s.dueOn)).toEqual([
      '2026-11-30',
      '2026-12-02',
      '2026-12-04',
      '2026-12-07',
    ]);
    expect(p.sessions[0]!.prescription!.sets).toEqual([20, 20, 16, 16, 20]);
    expect(p.sessions.filter((s) => s.kind === 'retest').map((s) => s.week)).toEqual([2, 4, 6]);

    const today = await ok<TodaySession>(await get(u, '/api/plans/today'));
    expect(today.session?.id).toBe(p.sessions[0]!.id);
    expect(await due(u, '2026-11-30')).toBe(true);

    // One open plan per challenge (here placed by the latest set of the challenge).
    expect(
      (await post(u, '/api/plans', { challenge: p.challenge, days: [1, 3, 5] })).statusCode,
    ).toBe(409);
    expect(
      (
        await post(u, '/api/plans', {
          workoutId: (await createWorkout(t.app, u.id)).id,
          days: [1, 3, 5],
        })
      ).statusCode,
    ).toBe(409);

    const after = await ok<Plan>(await done(u, p, p.sessions[0]!.id, [20, 20, 16, 16, 25]));
    expect(after.sessions[0]!.done).toEqual([20, 20, 16, 16, 25]);
    expect(after.sessionsDone).toBe(1);
    // Not a workout: nothing new on the member's sets.
    const sets = await ok<unknown[]>(await get(u, '/api/workouts'));
    expect(sets).toHaveLength(2);
    // Recorded once; the next is not due until Wednesday.
    expect((await done(u, p, p.sessions[0]!.id, [1, 1, 1, 1, 1])).statusCode).toBe(409);
    expect((await done(u, p, p.sessions[1]!.id, [1, 1, 1, 1, 1])).statusCode).toBe(400);
    expect((await ok<TodaySession>(await get(u, '/api/plans/today'))).session).toBeNull();
    expect(await due(u, '2026-11-30')).toBe(false);

    const list = await ok<{ id: number; nextDueOn: string }[]>(await get(u, '/api/plans'));
    expect(list.map((x) => [x.id, x.nextDueOn])).toEqual([[p.id, '2026-12-02']]);
  });

  it('records a session exactly once when two posts race', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    const s = p.sessions[0]!;
    const codes = (
      await Promise.all([
        done(u, p, s.id, s.prescription!.sets),
        done(u, p, s.id, s.prescription!.sets),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    expect((await plan(u, p.id)).sessionsDone).toBe(1);
  });

  it('an Idempotency-Key makes a resend answer as the first time; another key is a conflict', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    const s = p.sessions[0]!;
    const url = `/api/plans/${p.id}/sessions/${s.id}/done`;
    const keyed = (key: string, sets: number[]) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...u.headers, ...json, 'idempotency-key': key },
        payload: JSON.stringify({ done: sets }),
      });
    const key = '7d1b8c2e-4a5f-4e21-9b1c-0f3a2d4e5b6c';
    // Two sends of one save racing (a lost answer and the outbox's resend): both 200, one record.
    const [first, again] = await Promise.all([
      keyed(key, [20, 20, 16, 16, 21]),
      keyed(key, [20, 20, 16, 16, 21]),
    ]);
    const a = await ok<Plan>(first);
    const b = await ok<Plan>(again);
    expect(a.sessionsDone).toBe(1);
    expect(b.sessions[0]).toEqual(a.sessions[0]);
    expect([first, again].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(
      1,
    );
    // Later, with the same key (upper case too): the same answer, nothing recorded twice.
    const late = await keyed(key.toUpperCase(), [20, 20, 16, 16, 21]);
    expect((await ok<Plan>(late)).sessions[0]!.done).toEqual([20, 20, 16, 16, 21]);
    expect(late.headers['idempotent-replayed']).toBe('true');
    // Another key, or none, for the recorded session: 409, as before.
    expect((await keyed('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', [1, 1, 1, 1, 1])).statusCode).toBe(
      409,
    );
    expect((await done(u, p, s.id, [1, 1, 1, 1, 1])).statusCode).toBe(409);
    // A key that is not a UUID: 400 with the header named.
    const bad = await keyed('not-a-key', [20, 20, 16, 16, 21]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
    expect((await plan(u, p.id)).sessions[0]!.done).toEqual([20, 20, 16, 16, 21]);
  });

  it('re-tests re-place what follows: lower moves the plan back, and the last re-test finishes it', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    const before = p.sessions.find((s) => s.week === 3)!.prescription!.sets[0]!;
    const { retest } = await trainToRetest(u, p.id);
    expect(retest.dueOn).toBe('2026-12-11');
    await travel(u, retest.dueOn);
    // A training-session post for a re-test is refused: it is a real test set.
    expect((await done(u, p, retest.id, [1])).statusCode).toBe(400);
    const early = await createWorkout(t.app, u.id, {
      pushups: 30,
      createdAt: new Date(at('2026-12-10')),
    });
    expect((await post(u, `/api/plans/${p.id}/retest`, { workoutId: early.id })).statusCode).toBe(
      400,
    );
    const lower = await createWorkout(t.app, u.id, { pushups: 30 });
    const placed = await ok<Plan>(
      await post(u, `/api/plans/${p.id}/retest`, { workoutId: lower.id }),
    );
    const week2 = placed.sessions.find((s) => s.week === 2)!.prescription!.sets[0]!;
    const week3 = placed.sessions.find((s) => s.week === 3)!.prescription!.sets[0]!;
    expect(placed.sessions.find((s) => s.id === retest.id)!.score).toBe(30);
    expect(week3).toBeLessThanOrEqual(week2);
    expect(week3).toBeLessThan(before);
    // The same set cannot be linked twice.
    expect((await post(u, `/api/plans/${p.id}/retest`, { workoutId: lower.id })).statusCode).toBe(
      400,
    );

    for (const score of [50, 60]) {
      const { retest: next } = await trainToRetest(u, p.id);
      await travel(u, next.dueOn);
      const w = await createWorkout(t.app, u.id, { pushups: score });
      await ok<Plan>(await post(u, `/api/plans/${p.id}/retest`, { workoutId: w.id }));
    }
    const finished = await plan(u, p.id);
    expect(finished.status).toBe('finished');
    expect(finished.sessionsDone).toBe(18);
    // The plan's badge, earned with its last re-test.
    const achievements = await t.app.inject({
      url: '/api/profile/achievements',
      headers: u.headers,
    });
    expect(
      achievements.json().badges.filter((b: { badge: string }) => b.badge === 'plan-finished'),
    ).toHaveLength(1);
    // Finished: a new plan for the challenge may start.
    await startPlan(u, 60);
  });
});

describe('missed sessions, pause and resume', () => {
  it('a missed week moves the plan onto the next chosen days', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    await travel(u, '2026-12-09'); // a Wednesday, nine days on
    expect(await due(u, '2026-12-09')).toBe(true);
    const moved = await plan(u, p.id);
    expect(moved.sessions.slice(0, 3).map((s) => s.dueOn)).toEqual([
      '2026-12-09',
      '2026-12-11',
      '2026-12-14',
    ]);
    expect(moved.sessions[0]!.prescription).toEqual(p.sessions[0]!.prescription);
    expect(moved.status).toBe('active');
  });

  it('pauses (nothing due), resumes from today, restarts and stops', async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u);
    const status = (action: string) => post(u, `/api/plans/${p.id}/status`, { action });
    expect((await ok<Plan>(await status('pause'))).status).toBe('paused');
    expect((await status('pause')).statusCode).toBe(400);
    expect(await due(u, '2026-11-30')).toBe(false);
    expect((await ok<TodaySession>(await get(u, '/api/plans/today'))).session).toBeNull();
    expect((await done(u, p, p.sessions[0]!.id, [1, 1, 1, 1, 1])).statusCode).toBe(400);

    await travel(u, '2026-12-15'); // a Tuesday
    const resumed = await ok<Plan>(await status('resume'));
    expect(resumed.status).toBe('active');
    expect(resumed.sessions[0]!.dueOn).toBe('2026-12-16');

    await travel(u, '2026-12-16');
    await ok<Plan>(await done(u, resumed, resumed.sessions[0]!.id, [20, 20, 16, 16, 20]));
    const restarted = await ok<Plan>(await status('restart'));
    expect(restarted.sessionsDone).toBe(0);
    expect(restarted.startOn).toBe('2026-12-16');
    expect(restarted.sessions[0]!.dueOn).toBe('2026-12-16');

    expect((await ok<Plan>(await status('stop'))).status).toBe('stopped');
    expect(await due(u, '2026-12-16')).toBe(false);
    await startPlan(u);
  });

  it("changes a plan's days: the sessions not done move onto them from today; an ended plan cannot", async () => {
    const u = await createUser(t.app);
    const p = await startPlan(u); // Monday, Wednesday, Friday from Monday 2026-11-30
    const patch = (days: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/plans/${p.id}/days`,
        headers: { ...u.headers, ...json },
        payload: JSON.stringify({ days }),
      });
    await ok<Plan>(await done(u, p, p.sessions[0]!.id, p.sessions[0]!.prescription!.sets));
    await travel(u, '2026-12-01'); // a Tuesday
    const changed = await ok<Plan>(await patch([4, 2, 6]));
    expect(changed.days).toEqual([2, 4, 6]);
    expect(changed.sessions[0]!.dueOn).toBe('2026-11-30'); // done: kept
    expect(changed.sessions.slice(1, 4).map((s) => s.dueOn)).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-05',
    ]);
    expect(changed.sessions.slice(1).map((s) => s.prescription)).toEqual(
      p.sessions.slice(1).map((s) => s.prescription),
    );
    // The same days again change nothing.
    expect((await ok<Plan>(await patch([2, 4, 6]))).sessions).toEqual(changed.sessions);
    // Bad days: a message under days, nothing changed.
    for (const bad of [[1, 2], [1, 1, 2], [1, 2, 7], 'mon'])
      expect((await patch(bad)).statusCode).toBe(400);
    expect((await plan(u, p.id)).days).toEqual([2, 4, 6]);
    // Another member's plan: 404.
    const other = await createUser(t.app);
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${p.id}/days`,
      headers: { ...other.headers, ...json },
      payload: JSON.stringify({ days: [1, 3, 5] }),
    });
    expect(theirs.statusCode).toBe(404);
    // A paused plan keeps the days for its resume; a stopped one cannot change.
    await ok<Plan>(await post(u, `/api/plans/${p.id}/status`, { action: 'pause' }));
    const paused = await ok<Plan>(await patch([0, 3, 5]));
    expect(paused.days).toEqual([0, 3, 5]);
    await travel(u, '2026-12-07'); // a Monday
    const resumed = await ok<Plan>(
      await post(u, `/api/plans/${p.id}/status`, { action: 'resume' }),
    );
    expect(resumed.sessions[1]!.dueOn).toBe('2026-12-09');
    await ok<Plan>(await post(u, `/api/plans/${p.id}/status`, { action: 'stop' }));
    const ended = await patch([1, 3, 5]);
    expect(ended.statusCode).toBe(400);
    expect(ended.json()).toEqual({
      message: 'This plan has ended: start a new one to choose its days.',
      errors: { days: ['This plan has ended: start a new one to choose its days.'] },
    });
  });

  it('reads dates in the member’s zone', async () => {
    const u = await createUser(t.app, { timeZone: 'Pacific/Auckland' });
    t.clock.set('2026-11-29T12:00:00Z'); // Monday 01:00 in Auckland
    const p = await startPlan(u);
    expect(p.today).toBe('2026-11-30');
    expect(p.sessions[0]!.dueOn).toBe('2026-11-30');
  });
});

describe('bad input and other members', () => {
  it('refuses bad input with 400', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id);
    for (const body of [
      { workoutId: w.id, days: [1, 1, 3] },
      { workoutId: w.id, days: [1, 3] },
      { workoutId: w.id, days: [1, 3, 7] },
      { workoutId: 'x', days: [1, 3, 5] },
      { days: [1, 3, 5] },
    ])
      expect((await post(u, '/api/plans', body)).statusCode, JSON.stringify(body)).toBe(400);
    // No set of the challenge: nothing to place the plan.
    expect(
      (await post(u, '/api/plans', { challenge: 'nothing-here', days: [1, 3, 5] })).statusCode,
    ).toBe(404);
    expect((await get(u, '/api/plans/abc')).statusCode).toBe(400);
    const p = await startPlan(u, 40, [0, 2, 4]);
    expect((await post(u, `/api/plans/${p.id}/status`, { action: 'explode' })).statusCode).toBe(
      400,
    );
    expect((await done(u, p, p.sessions[0]!.id, [])).statusCode).toBe(400);
    expect((await done(u, p, p.sessions[0]!.id, [1, 2])).statusCode).toBe(400);
  });

  it('has no plan for a challenge whose kind allows none', async () => {
    const forTime = CATALOGUE.find((e) => e.scoring?.kind === 'for-time');
    if (!forTime) return;
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, {
      challenge: forTime.id,
      score: 1200,
      lowerIsBetter: true,
    });
    expect((await post(u, '/api/plans', { workoutId: w.id, days: [1, 3, 5] })).statusCode).toBe(
      400,
    );
  });

  it("answers 404 for another member's plan or set, and 401 without a session", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const p = await startPlan(a);
    expect((await get(b, `/api/plans/${p.id}`)).statusCode).toBe(404);
    expect((await done(b, p, p.sessions[0]!.id, [20, 20, 16, 16, 20])).statusCode).toBe(404);
    expect((await post(b, `/api/plans/${p.id}/status`, { action: 'stop' })).statusCode).toBe(404);
    expect((await post(b, `/api/plans/${p.id}/retest`, { workoutId: 1 })).statusCode).toBe(404);
    const theirs = await createWorkout(t.app, a.id);
    expect(
      (await post(b, '/api/plans', { workoutId: theirs.id, days: [1, 3, 5] })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/plans' })).statusCode).toBe(401);
    expect((await plan(a, p.id)).status).toBe('active');
    expect(DEFAULT_CHALLENGE).toBe(p.challenge);
  });
});
