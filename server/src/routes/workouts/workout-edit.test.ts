import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueWith } from '@common/challenges';
import { HIDDEN_SET_LOCKED, OLD_SET_SCORE_LOCKED } from '@common/schemas/workout-edit';
import type { Workout } from '@common/schemas/workouts';
import { hiddenWorkouts, workoutClips, workouts } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// PATCH /api/workouts/:id: every rule of a new save, the camera mark, hidden sets, boards, stats
// and the board cache after an edit, a replayed edit, and an edit racing a delete
// (docs/decisions/0203-editing-a-set.md). Two instances: ./workout-edit-instances.test.ts.
const t = useTestApp(
  { challenges: catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']) },
  { boardCache: new BoardCache() },
);

const NOW = new Date('2026-03-04T12:00:00.000Z');
const MIN = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
beforeEach(() => t.clock.set(NOW));

const edit = (user: MadeUser | null, id: number | string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/workouts/${id}`,
    payload: body as object,
    headers: user?.headers,
  });
const board = async (period = 'all_time', challenge = 'pushup-90') => {
  const res = await t.app.inject({ url: `/api/leaderboard/${period}?challenge=${challenge}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; username: string; score: number; rank: number }[];
};
const entryOf = async (u: MadeUser, period = 'all_time', challenge = 'pushup-90') =>
  (await board(period, challenge)).find((e) => e.username === u.username);
const stats = async (u: MadeUser, challenge = 'pushup-90') =>
  (await t.app.inject({ url: `/api/stats?challenge=${challenge}`, headers: u.headers })).json() as {
    bestScore: number;
    totalScore: number;
    lastScore: number;
    totalWorkouts: number;
  };
const stored = async (id: number) =>
  (await t.app.db.select().from(workouts).where(eq(workouts.id, id)))[0];

describe('PATCH /api/workouts/:id', () => {
  it('changes the score, time and notes of an own set, and stamps updatedAt', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, {
      pushups: 20,
      notes: 'first',
      createdAt: ago(2 * DAY),
    });
    const at = ago(DAY).toISOString();
    const res = await edit(u, w.id, { pushups: 25, notes: '  fixed  ', createdAt: at });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Workout;
    expect(body).toMatchObject({
      id: w.id,
      score: 25,
      pushups: 25,
      notes: 'fixed',
      createdAt: at,
      verified: false,
    });
    expect(body.updatedAt).toBe(NOW.toISOString());
    const list = (
      await t.app.inject({ url: '/api/workouts', headers: u.headers })
    ).json() as Workout[];
    expect(list[0]).toMatchObject({ id: w.id, score: 25, updatedAt: NOW.toISOString() });
    // A changed score is received now: the tie-break counts from the edit.
    expect((await stored(w.id))!.receivedAt.toISOString()).toBe(NOW.toISOString());
  });

  it('the same edit twice changes the set once: the second answers it as it is, updatedAt unmoved', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 20 });
    const first = await edit(u, w.id, { score: 22, notes: 'same' });
    expect(first.statusCode).toBe(200);
    t.clock.advance(5 * MIN);
    const again = await edit(u, w.id, { score: 22, notes: 'same' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await stored(w.id))!.updatedAt!.toISOString()).toBe(NOW.toISOString());
    // A never-edited set has no updatedAt, and an edit to what it already is gives it none.
    const untouched = await createWorkout(t.app, u.id, { pushups: 9, notes: 'n' });
    const same = await edit(u, untouched.id, { score: 9, notes: 'n' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).not.toHaveProperty('updatedAt');
  });

  it('clears the notes with null or an empty text; a notes change leaves the board time alone', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 20, notes: 'x', createdAt: ago(DAY) });
    expect((await edit(u, w.id, { notes: null })).json()).toMatchObject({ notes: null });
    await edit(u, w.id, { notes: 'y' });
    expect((await edit(u, w.id, { notes: '   ' })).json()).toMatchObject({ notes: null });
    expect((await stored(w.id))!.receivedAt.toISOString()).toBe(ago(DAY).toISOString());
  });

  it('refuses what a new save refuses, each under its field, and changes nothing', async () => {
    const u = await createUser(t.app, { createdAt: ago(3 * DAY) });
    const w = await createWorkout(t.app, u.id, { pushups: 20, createdAt: ago(DAY) });
    const burpees = await createWorkout(t.app, u.id, {
      challenge: 'burpees-or-bust',
      score: 40,
      createdAt: ago(DAY),
    });
    const plank = await createWorkout(t.app, u.id, {
      challenge: 'plank-drop',
      score: 60,
      createdAt: ago(DAY),
    });
    const cases: [number, unknown, string, string][] = [
      [w.id, { pushups: 0 }, 'pushups', 'Please enter a number greater than zero'],
      [w.id, { score: 0 }, 'score', 'Please enter a number greater than zero'],
      [
        plank.id,
        { score: 0 },
        'score',
        'The hold must be a whole number of seconds from 1 to 36000',
      ],
      [w.id, { score: 301 }, 'score', 'Push-ups must be at most 300'],
      [w.id, { score: 2.5 }, 'score', 'The score must be a whole number'],
      [burpees.id, { score: 151 }, 'score', 'Burpees must be a whole number from 1 to 150'],
      [
        plank.id,
        { score: 36_001 },
        'score',
        'The hold must be a whole number of seconds from 1 to 36000',
      ],
      [plank.id, { pushups: 30 }, 'pushups', 'pushups is for the push-up challenge; send score'],
      [
        w.id,
        { createdAt: new Date(NOW.getTime() + 10 * MIN).toISOString() },
        'createdAt',
        'The workout time cannot be in the future',
      ],
      [
        w.id,
        { createdAt: ago(8 * DAY).toISOString() },
        'createdAt',
        'The workout time cannot be more than 7 days ago',
      ],
      [
        w.id,
        { createdAt: ago(4 * DAY).toISOString() },
        'createdAt',
        'The workout time cannot be before you joined FitBench',
      ],
      [w.id, { createdAt: 'yesterday' }, 'createdAt', 'createdAt must be an ISO date-time'],
      [w.id, { notes: 'x'.repeat(501) }, 'notes', 'Notes must be at most 500 characters'],
      [w.id, { score: 20, pushups: 21 }, 'score', 'score and pushups differ'],
      [w.id, {}, '', 'Send at least one of score, notes and createdAt'],
    ];
    for (const [id, body, field, message] of cases) {
      const res = await edit(u, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const json = res.json() as { message: string; errors?: Record<string, string[]> };
      expect(json.message, JSON.stringify(body)).toContain(message);
      if (field) expect(json.errors?.[field]?.[0], JSON.stringify(body)).toContain(message);
    }
    for (const [row, score] of [
      [w, 20],
      [burpees, 40],
      [plank, 60],
    ] as const) {
      const now = (await stored(row.id))!;
      expect(now.score).toBe(score);
      expect(now.updatedAt).toBeNull();
    }
  });

  it('a set older than 7 days keeps its score and time; its notes still change', async () => {
    const u = await createUser(t.app);
    const old = await createWorkout(t.app, u.id, { pushups: 20, createdAt: ago(10 * DAY) });
    const res = await edit(u, old.id, { score: 90 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: OLD_SET_SCORE_LOCKED,
      errors: { score: [OLD_SET_SCORE_LOCKED] },
    });
    expect((await edit(u, old.id, { notes: 'felt good' })).statusCode).toBe(200);
    // Moved into the window, it is judged as a new save of that time would be.
    const moved = await edit(u, old.id, { createdAt: ago(DAY).toISOString(), score: 21 });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("another member's set, a missing one and a visitor get 404, 404 and 401", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const w = await createWorkout(t.app, owner.id, { pushups: 20 });
    expect((await edit(other, w.id, { score: 30 })).statusCode).toBe(404);
    expect((await edit(owner, 2_000_000_000, { score: 30 })).statusCode).toBe(404);
    expect((await edit(owner, 'abc', { score: 30 })).statusCode).toBe(400);
    expect((await edit(null, w.id, { score: 30 })).statusCode).toBe(401);
    expect((await stored(w.id))!.score).toBe(20);
  });

  it('a set a moderator hid cannot be edited (409), so no edit brings it back onto a board', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 280 });
    await t.app.db
      .insert(hiddenWorkouts)
      .values({ workoutId: w.id, userId: u.id, reason: 'Implausible count' });
    const res = await edit(u, w.id, { score: 30 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: HIDDEN_SET_LOCKED });
    expect((await edit(u, w.id, { notes: 'appeal' })).statusCode).toBe(409);
    expect((await stored(w.id))!.score).toBe(280);
    expect(await entryOf(u)).toBeUndefined();
  });
});

describe('the camera mark', () => {
  const keepClip = (workoutId: number, userId: number) =>
    t.app.db.insert(workoutClips).values({
      workoutId,
      userId,
      bytes: Buffer.from('clip'),
      codec: 'vp8',
      width: 160,
      height: 120,
      frames: 10,
      durationMs: 1000,
    });
  const clipsOf = (workoutId: number) =>
    t.app.db.select().from(workoutClips).where(eq(workoutClips.workoutId, workoutId));

  it('stays while the score is unchanged (notes, time) and goes, with the proof clip, when it changes', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, {
      pushups: 40,
      verified: true,
      createdAt: ago(DAY),
    });
    await keepClip(w.id, u.id);
    const kept = await edit(u, w.id, {
      notes: 'camera',
      createdAt: ago(2 * DAY).toISOString(),
      score: 40,
    });
    expect(kept.json()).toMatchObject({ verified: true, score: 40 });
    expect(await clipsOf(w.id)).toHaveLength(1);
    const verifiedBoard = async () =>
      (
        (await t.app.inject({ url: '/api/leaderboard/all_time?verified=true' })).json() as {
          username: string;
        }[]
      ).some((e) => e.username === u.username);
    expect(await verifiedBoard()).toBe(true);

    const plain = await edit(u, w.id, { score: 41 });
    expect(plain.json()).toMatchObject({ verified: false, score: 41 });
    expect(await clipsOf(w.id)).toHaveLength(0);
    expect(await verifiedBoard()).toBe(false);
    expect(await entryOf(u)).toMatchObject({ score: 41 });
    // Back to the camera's count, it stays a plain set: the mark was for the set as counted.
    expect((await edit(u, w.id, { score: 40 })).json()).toMatchObject({ verified: false });
  });
});

describe('boards, stats and caches follow an edit at once', () => {
  it('a lowered best gives way to the next best; a raised set takes its place', async () => {
    const u = await createUser(t.app);
    const best = await createWorkout(t.app, u.id, { pushups: 50, createdAt: ago(DAY) });
    await createWorkout(t.app, u.id, { pushups: 30, createdAt: ago(DAY + MIN) });
    // Read (and cached) before each edit.
    expect(await entryOf(u)).toMatchObject({ score: 50, id: best.id });
    expect(await entryOf(u, 'week')).toMatchObject({ score: 50 });
    expect(await stats(u)).toMatchObject({ bestScore: 50, totalScore: 80, totalWorkouts: 2 });

    expect((await edit(u, best.id, { score: 10 })).statusCode).toBe(200);
    expect(await entryOf(u)).toMatchObject({ score: 30 });
    expect(await entryOf(u, 'week')).toMatchObject({ score: 30 });
    expect(await stats(u)).toMatchObject({ bestScore: 30, totalScore: 40 });

    expect((await edit(u, best.id, { score: 70 })).statusCode).toBe(200);
    expect(await entryOf(u)).toMatchObject({ score: 70, id: best.id });
    expect(await stats(u)).toMatchObject({ bestScore: 70, totalScore: 100 });
  });

  it("a set moved to another day leaves today's board and the last set follows its time", async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 12, createdAt: ago(2 * DAY) });
    const w = await createWorkout(t.app, u.id, { pushups: 60, createdAt: ago(MIN) });
    expect(await entryOf(u, 'today')).toMatchObject({ score: 60 });
    expect(await stats(u)).toMatchObject({ lastScore: 60 });
    expect((await edit(u, w.id, { createdAt: ago(3 * DAY).toISOString() })).statusCode).toBe(200);
    expect(await entryOf(u, 'today')).toBeUndefined();
    expect(await entryOf(u)).toMatchObject({ score: 60 });
    expect(await stats(u)).toMatchObject({ lastScore: 12 });
  });

  it('the weekly goal and the public profile follow a set moved out of the week', async () => {
    // NOW is a Wednesday: Sunday 00:00 UTC is 3.5 days back.
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 15, createdAt: ago(DAY) });
    const week = async () =>
      (
        (await t.app.inject({ url: '/api/stats', headers: u.headers })).json() as {
          sessionsThisWeek: number;
        }
      ).sessionsThisWeek;
    const profile = async () =>
      (
        (await t.app.inject({ url: `/api/users/${u.username}` })).json() as {
          workouts: { createdAt: string }[];
        }
      ).workouts[0]!.createdAt;
    expect(await week()).toBe(1);
    expect(await profile()).toBe(ago(DAY).toISOString());
    expect((await edit(u, w.id, { createdAt: ago(5 * DAY).toISOString() })).statusCode).toBe(200);
    expect(await week()).toBe(0);
    expect(await profile()).toBe(ago(5 * DAY).toISOString());
  });

  it('an edit cannot buy an earlier place on a tie: the changed score ranks from its edit', async () => {
    const early = await createUser(t.app);
    const rival = await createUser(t.app);
    const w = await createWorkout(t.app, early.id, { pushups: 40, createdAt: ago(2 * DAY) });
    await createWorkout(t.app, rival.id, { pushups: 200, createdAt: ago(DAY) });
    expect((await edit(early, w.id, { score: 200 })).statusCode).toBe(200);
    const rows = (await board()).filter((e) =>
      [early.username, rival.username].includes(e.username),
    );
    expect(rows.map((e) => e.username)).toEqual([rival.username, early.username]);
    expect(rows[0]!.rank).toBe(rows[1]!.rank);
  });
});

describe('an edit racing a delete', () => {
  it('ends with the set gone and off every board, whichever runs first', async () => {
    for (let i = 0; i < 5; i++) {
      const u = await createUser(t.app);
      const w = await createWorkout(t.app, u.id, { pushups: 120, createdAt: ago(DAY) });
      await board();
      const [edited, deleted] = await Promise.all([
        edit(u, w.id, { score: 130 }),
        t.app.inject({ method: 'DELETE', url: `/api/workouts/${w.id}`, headers: u.headers }),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([200, 404]).toContain(edited.statusCode);
      expect(await stored(w.id)).toBeUndefined();
      expect(await entryOf(u)).toBeUndefined();
      expect(await entryOf(u, 'today')).toBeUndefined();
      // Replayed after the delete, the edit finds nothing to change.
      expect((await edit(u, w.id, { score: 130 })).statusCode).toBe(404);
    }
  });

  it('two edits at once never mix their fields', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 10, notes: 'a', createdAt: ago(DAY) });
    const [a, b] = await Promise.all([edit(u, w.id, { score: 11 }), edit(u, w.id, { notes: 'b' })]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(await stored(w.id)).toMatchObject({ score: 11, notes: 'b' });
  });
});
