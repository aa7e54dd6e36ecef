import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  beatsPreviousBest,
  catalogueWith,
  findEntry,
  CATALOGUE,
  rankValue,
  scoreRangeError,
  type Scoring,
} from '@common/challenges';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { CAPPED_FOR_TIME_ONLY } from '@common/schemas/workouts';
import { rowsOf } from '../../db/client';
import { useTestApp, type TestContext } from '../../test/app';
import { clientDirWithIndex } from '../../test/client-dir';
import { createUser, type MadeUser } from '../../test/factories';
import { setModerator } from '../moderation';
import { configFromEnv } from '../../config';
import { parseEnv } from '../../env';

// Nickels and Dimes (rounds: total reps, more is better) and The MFM Challenge (for time with a
// cap: every finisher above every capped run, finishers by time, capped runs by reps, ties by the
// time the server received the save), open beside the push-ups
// (docs/decisions/0215-storing-and-ranking-the-new-scores.md).

const NOW = new Date('2026-06-17T12:00:00.000Z');
const MFM = 'mfm-challenge';
const ND = 'nickels-dimes';
const mfm = findEntry(MFM, CATALOGUE)!;
const mfmScoring = mfm.scoring as Scoring;

const t = useTestApp({
  challenges: catalogueWith(['pushup-90', ND, MFM]),
  clientDir: clientDirWithIndex('fitbench-last-two-', 'FitBench'),
});

const save = (user: MadeUser, body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    payload: body,
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
const patch = (user: MadeUser, id: number, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/workouts/${id}`,
    payload: body,
    headers: user.headers,
  });
const get = (url: string, user?: MadeUser) => t.app.inject({ url, headers: user?.headers ?? {} });
/** Saves one set a second after the last, so the server receives them in this order. */
const saveNext = async (ctx: TestContext, user: MadeUser, body: object) => {
  ctx.clock.advance(1000);
  const res = await save(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

beforeEach(() => t.clock.set(NOW));

describe('Nickels and Dimes', () => {
  it('saves total reps from 1 to 900 with their messages; no capped, no pushups', async () => {
    const u = await createUser(t.app);
    const ok = await save(u, { challenge: ND, score: 114 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({
      id: expect.any(Number),
      userId: u.id,
      challenge: ND,
      score: 114,
      notes: null,
      createdAt: NOW.toISOString(),
      verified: false,
      tier: 'entered',
      hidden: null,
      previousBest: null,
      newBadges: [{ kind: 'first-set', challenge: ND, earnedAt: NOW.toISOString() }],
    });
    for (const score of [0, 901]) {
      const res = await save(u, { challenge: ND, score });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ score: ['Reps must be a whole number from 1 to 900'] });
    }
    expect((await save(u, { challenge: ND })).json().errors).toEqual({
      score: ['Reps are required'],
    });
    const capped = await save(u, { challenge: ND, score: 100, capped: true });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().errors).toEqual({ capped: [CAPPED_FOR_TIME_ONLY] });
    // capped:false means nothing on a challenge without a cap.
    expect((await save(u, { challenge: ND, score: 60, capped: false })).json()).toMatchObject({
      score: 60,
      previousBest: 114,
    });
    const stats = (await get(`/api/stats?challenge=${ND}`, u)).json();
    expect(stats).toMatchObject({
      bestScore: 114,
      lastScore: 60,
      totalScore: 174,
      totalWorkouts: 2,
    });
    expect(stats).not.toHaveProperty('bestCapped');
    expect(stats).not.toHaveProperty('bestPushups');
  });

  it('ranks more reps higher, ties by the time received', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await saveNext(t, a, { challenge: ND, score: 300 });
    await saveNext(t, b, { challenge: ND, score: 450 });
    await saveNext(t, c, { challenge: ND, score: 300 });
    const board = (
      await get(`/api/leaderboard/today?challenge=${ND}`)
    ).json() as LeaderboardEntry[];
    const mine = board.filter((e) => [a, b, c].some((u) => u.username === e.username));
    expect(mine.map((e) => [e.username, e.rank, e.score])).toEqual([
      [b.username, 1, 450],
      [a.username, 2, 300],
      [c.username, 2, 300],
    ]);
    expect(mine.every((e) => !('capped' in e) && !('pushups' in e))).toBe(true);
  });
});

describe('The MFM Challenge', () => {
  it('takes a finish of 6:00-30:00 or capped reps of 1-399, refusing a finish under 6:00 as implausible', async () => {
    const u = await createUser(t.app);
    const finish = await save(u, { challenge: MFM, score: 1125 });
    expect(finish.statusCode).toBe(201);
    expect(finish.json()).not.toHaveProperty('capped');
    const capped = await save(u, { challenge: MFM, score: 312, capped: true });
    expect(capped.statusCode).toBe(201);
    expect(capped.json()).toMatchObject({
      challenge: MFM,
      score: 312,
      capped: true,
      previousBest: 1125,
    });
    expect(capped.json()).not.toHaveProperty('previousBestCapped');

    const refused: [object, string, string][] = [
      [{ score: 359 }, 'score', scoreRangeError({ id: MFM, scoring: mfmScoring }, 359)!],
      [{ score: 1801 }, 'score', 'The time must be whole seconds from 6:00 to 30:00'],
      [
        { score: 400, capped: true },
        'score',
        'Reps at the cap must be a whole number from 1 to 399',
      ],
      [{ score: 0, capped: true }, 'score', 'Reps at the cap must be a whole number from 1 to 399'],
      [{ score: 10, capped: 'yes' }, 'capped', 'capped must be true or false'],
    ];
    for (const [body, field, message] of refused) {
      const res = await save(u, { challenge: MFM, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [message] });
    }
    expect(scoreRangeError({ id: MFM, scoring: mfmScoring }, 359)).toMatch(/not plausible/);
    // capped on the push-ups: refused under capped, whichever name the score has.
    for (const body of [
      { pushups: 20, capped: true },
      { challenge: 'pushup-90', score: 20, capped: true },
    ]) {
      const res = await save(u, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ capped: [CAPPED_FOR_TIME_ONLY] });
    }
    // Nothing refused was stored.
    const list = (await get(`/api/workouts?challenge=${MFM}`, u)).json() as object[];
    expect(list).toHaveLength(2);
  });

  it('ranks every finisher above every capped run: finishers by time, capped by reps, ties by received time', async () => {
    // A day and a week of their own: no other test's sets on these boards.
    t.clock.set('2026-06-11T12:00:00.000Z');
    const users = await Promise.all(
      Array.from({ length: 6 }, () => createUser(t.app, { age: 30, gender: 'female' })),
    );
    const [a, b, c, d, e, f] = users as [
      MadeUser,
      MadeUser,
      MadeUser,
      MadeUser,
      MadeUser,
      MadeUser,
    ];
    await saveNext(t, a, { challenge: MFM, score: 1500 });
    await saveNext(t, c, { challenge: MFM, score: 390, capped: true });
    await saveNext(t, b, { challenge: MFM, score: 1125 });
    await saveNext(t, d, { challenge: MFM, score: 120, capped: true });
    await saveNext(t, e, { challenge: MFM, score: 1125 });
    await saveNext(t, f, { challenge: MFM, score: 390, capped: true });
    // A slower finish and a capped run do not replace a member's best.
    await saveNext(t, b, { challenge: MFM, score: 1700 });
    await saveNext(t, b, { challenge: MFM, score: 399, capped: true });
    const expected = [
      [b.username, 1, 1125, false],
      [e.username, 1, 1125, false],
      [a.username, 3, 1500, false],
      [c.username, 4, 390, true],
      [f.username, 4, 390, true],
      [d.username, 6, 120, true],
    ];
    const names = new Set(users.map((u) => u.username));
    const shape = (list: LeaderboardEntry[]) =>
      list
        .filter((x) => names.has(x.username))
        .map((x) => [x.username, x.rank, x.score, x.capped === true]);
    // The day's and the week's boards, the week's through its filtered path (ranks from the
    // per-rank counts), and the board of the people c follows (a board over a set of members).
    for (const u of [a, b, d, e, f]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/following/${u.username}`,
        headers: c.headers,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    for (const [url, who] of [
      [`/api/leaderboard/today?challenge=${MFM}`, undefined],
      [`/api/leaderboard/week?challenge=${MFM}&gender=female`, undefined],
      [`/api/leaderboard/week?challenge=${MFM}&scope=following`, c],
    ] as const) {
      const board = (await get(url, who)).json() as LeaderboardEntry[];
      expect(shape(board), url).toEqual(expected);
      for (const entry of board) {
        expect(entry).not.toHaveProperty('pushups');
        if (!entry.capped) expect(entry).not.toHaveProperty('capped');
      }
    }
    // All time, with everyone else's sets: the same order among them.
    const all = shape((await get(`/api/leaderboard/all_time?challenge=${MFM}&limit=500`)).json());
    expect(all.map((x) => x[0])).toEqual(expected.map((x) => x[0]));
    // My standing: the capped mark, and the rank among everyone.
    const me = (await get(`/api/leaderboard/today/me?challenge=${MFM}`, c)).json();
    const bMe = (await get(`/api/leaderboard/today/me?challenge=${MFM}`, b)).json();
    expect(me).toMatchObject({ score: 390, capped: true, rank: 4 });
    expect(bMe.rank).toBe(1);
    expect(bMe).toMatchObject({ score: 1125 });
    expect(bMe).not.toHaveProperty('capped');
    // Verified stays the push-ups' alone.
    expect(findEntry(MFM, CATALOGUE)!.boards).not.toContain('verified');
  });

  it('keeps the best where lower is better: stats, personal bests, totals, the profile', async () => {
    const u = await createUser(t.app);
    const capped = (await save(u, { challenge: MFM, score: 200, capped: true })).json();
    expect(capped).toMatchObject({ previousBest: null, capped: true });
    const stats0 = (await get(`/api/stats?challenge=${MFM}`, u)).json();
    expect(stats0).toMatchObject({
      bestScore: 200,
      bestCapped: true,
      lastScore: 200,
      lastCapped: true,
      totalScore: 200,
    });
    t.clock.advance(1000);
    const first = (await save(u, { challenge: MFM, score: 1500 })).json();
    // The capped run was the best before: said so.
    expect(first).toMatchObject({ score: 1500, previousBest: 200, previousBestCapped: true });
    t.clock.advance(1000);
    const faster = (await save(u, { challenge: MFM, score: 1200 })).json();
    expect(faster).toMatchObject({ previousBest: 1500 });
    expect(faster).not.toHaveProperty('previousBestCapped');
    t.clock.advance(1000);
    const slower = (await save(u, { challenge: MFM, score: 1300 })).json();
    expect(slower).toMatchObject({ previousBest: 1200 });
    const stats = (await get(`/api/stats?challenge=${MFM}`, u)).json();
    // A finish counts its 400 reps in the total; a capped run its own.
    expect(stats).toMatchObject({
      bestScore: 1200,
      lastScore: 1300,
      totalScore: 200 + 3 * 400,
      totalWorkouts: 4,
    });
    expect(stats).not.toHaveProperty('bestCapped');
    expect(stats).not.toHaveProperty('lastCapped');
    const profile = (await get(`/api/users/${u.username}`)).json();
    const mfmStats = profile.challenges.find((s: { challenge: string }) => s.challenge === MFM);
    expect(mfmStats).toMatchObject({ bestScore: 1200, totalWorkouts: 4 });
    expect(profile.workouts.find((w: { score: number }) => w.score === 200)).toMatchObject({
      capped: true,
    });
    // The database's rank value (workouts.rank_value) is common/challenge-scores.ts's rankValue.
    const stored = await rowsOf<{ score: number; capped: boolean; rank_value: number }>(
      t.app.db,
      sql`select score, capped, rank_value from workouts where user_id = ${u.id} order by id`,
    );
    for (const r of stored)
      expect(Number(r.rank_value)).toBe(rankValue(mfmScoring, Number(r.score), r.capped));
    expect(rankValue(mfmScoring, 1800)).toBeGreaterThan(rankValue(mfmScoring, 399, true));
  });

  it('PATCH moves a set between a finish and a capped run by the same rules', async () => {
    const u = await createUser(t.app);
    const { id } = (await save(u, { challenge: MFM, score: 1125 })).json();
    const alone = await patch(u, id, { capped: true });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({
      capped: ['Reps at the cap must be a whole number from 1 to 399'],
    });
    const toCap = await patch(u, id, { capped: true, score: 300 });
    expect(toCap.statusCode).toBe(200);
    expect(toCap.json()).toMatchObject({ score: 300, capped: true });
    let me = (await get(`/api/leaderboard/today/me?challenge=${MFM}`, u)).json();
    expect(me).toMatchObject({ score: 300, capped: true });
    const tooFast = await patch(u, id, { capped: false, score: 200 });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().errors).toEqual({
      score: [scoreRangeError({ id: MFM, scoring: mfmScoring }, 200)],
    });
    const back = await patch(u, id, { capped: false, score: 1400 });
    expect(back.statusCode).toBe(200);
    expect(back.json()).not.toHaveProperty('capped');
    me = (await get(`/api/leaderboard/today/me?challenge=${MFM}`, u)).json();
    expect(me).toMatchObject({ score: 1400 });
    expect(me).not.toHaveProperty('capped');
    // capped on a set of a challenge without a cap.
    const nd = (await save(u, { challenge: ND, score: 50 })).json();
    const wrong = await patch(u, nd.id, { capped: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ capped: [CAPPED_FOR_TIME_ONLY] });
  });

  it('a capped run and a finish of the same number are different saves under one key', async () => {
    const u = await createUser(t.app);
    const key = '7f1c1f1e-2b7a-4a55-9d0e-0a7c5f7f9e11';
    expect((await save(u, { challenge: MFM, score: 380, capped: true }, key)).statusCode).toBe(201);
    expect((await save(u, { challenge: MFM, score: 380, capped: true }, key)).statusCode).toBe(201);
    expect((await save(u, { challenge: MFM, score: 380 }, key)).statusCode).toBe(422);
  });
});

describe('both', () => {
  it('count in the weekly goal with every other challenge', async () => {
    const u = await createUser(t.app, { weeklyGoal: 3 });
    // Wednesday 17 June 2026: Monday, Tuesday, Wednesday of the same week.
    await save(u, { challenge: ND, score: 90, createdAt: '2026-06-15T09:00:00Z' });
    await save(u, { challenge: MFM, score: 1400, createdAt: '2026-06-16T09:00:00Z' });
    await save(u, { pushups: 30 });
    for (const c of [ND, MFM, 'pushup-90']) {
      expect((await get(`/api/stats?challenge=${c}`, u)).json()).toMatchObject({
        sessionsThisWeek: 3,
        weekStreak: 1,
      });
    }
  });

  it('give beat links and cards by rank: a finish beats any capped run, a faster finish a slower one', async () => {
    const u = await createUser(t.app);
    await save(u, { challenge: MFM, score: 1125 });
    const bot = { 'user-agent': 'facebookexternalhit/1.1' };
    const image = async (query: string) => {
      const res = await t.app.inject({
        url: `/mfm-challenge/timer?${query}&from=${u.username}`,
        headers: bot,
      });
      expect(res.statusCode).toBe(200);
      return /<meta property="og:image" content="([^"]*)" \/>/.exec(res.body)?.[1];
    };
    // Slower than their best, or capped: they reached it.
    expect(await image('beat=1200')).toBe(
      `/api/share-cards/${u.username}.png?beat=1200&amp;challenge=${MFM}`,
    );
    expect(await image('beat=399&capped=1')).toBe(
      `/api/share-cards/${u.username}.png?beat=399&amp;challenge=${MFM}&amp;capped=1`,
    );
    // Faster than their best: not theirs to claim, the generic card.
    expect(await image('beat=1100')).toBe('/icons/icon-512.png');
    // Outside the range of a finish, or a cap mark that is not 1.
    expect(await image('beat=300')).toBe('/icons/icon-512.png');
    expect(await image('beat=300&capped=yes')).toBe('/icons/icon-512.png');
    // The card itself, by the same rules.
    const card = (q: string) =>
      t.app.inject({ url: `/api/share-cards/${u.username}.png?challenge=${MFM}&${q}` });
    expect((await card('beat=1100')).statusCode).toBe(404);
    expect((await card('beat=300')).json().errors).toEqual({
      beat: ['beat must be a whole number from 360 to 1800.'],
    });
    expect((await card('beat=10&capped=2')).statusCode).toBe(400);
    const nd = await t.app.inject({
      url: `/api/share-cards/${u.username}.png?challenge=${ND}&beat=10&capped=1`,
    });
    expect(nd.json().errors).toEqual({
      capped: ['capped is only for a challenge done for time with a cap.'],
    });
  });

  it("carry the cap mark in the account export and a moderator's case, and no pushups", async () => {
    const u = await createUser(t.app);
    const capped = (await save(u, { challenge: MFM, score: 250, capped: true })).json();
    const nd = (await save(u, { challenge: ND, score: 77 })).json();
    const exported = (await get('/api/export?format=json', u)).json();
    const byId = new Map(exported.workouts.map((w: { id: number }) => [w.id, w]));
    expect(byId.get(capped.id)).toMatchObject({ score: 250, capped: true });
    expect(byId.get(nd.id)).not.toHaveProperty('capped');
    expect(byId.get(nd.id)).not.toHaveProperty('pushups');
    const mod = await createUser(t.app);
    await setModerator(t.app.db, mod.username, true);
    const res = await get(`/api/moderation/workouts/${capped.id}`, mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workout).toMatchObject({ challenge: MFM, score: 250, capped: true });
    expect(res.json().workout).not.toHaveProperty('pushups');
  });
});

describe('CHALLENGES', () => {
  it('opens any of the five, both new ones included', () => {
    const all = 'pushup-90,nickels-dimes,burpees-or-bust,mfm-challenge,plank-drop';
    const config = configFromEnv(parseEnv({ CHALLENGES: all }));
    expect(config.challenges.filter((c) => c.isActive).map((c) => c.id)).toEqual(all.split(','));
    expect(config.challenges.find((c) => c.id === MFM)).toMatchObject({ path: '/mfm-challenge' });
  });
});

describe('beatsPreviousBest (common/challenge-scores.ts)', () => {
  it('reads "New personal best" by rank: faster finishes, any finish over a cap, more reps', () => {
    const nd = findEntry(ND, CATALOGUE)!.scoring!;
    expect(beatsPreviousBest(mfmScoring, { score: 1200 }, { previousBest: 1300 })).toBe(true);
    expect(beatsPreviousBest(mfmScoring, { score: 1400 }, { previousBest: 1300 })).toBe(false);
    expect(
      beatsPreviousBest(
        mfmScoring,
        { score: 1799 },
        { previousBest: 399, previousBestCapped: true },
      ),
    ).toBe(true);
    expect(
      beatsPreviousBest(mfmScoring, { score: 390, capped: true }, { previousBest: 1799 }),
    ).toBe(false);
    expect(
      beatsPreviousBest(
        mfmScoring,
        { score: 390, capped: true },
        { previousBest: 380, previousBestCapped: true },
      ),
    ).toBe(true);
    expect(beatsPreviousBest(nd, { score: 120 }, { previousBest: 114 })).toBe(true);
    expect(beatsPreviousBest(nd, { score: 120 }, { previousBest: null })).toBe(false);
  });
});

describe('as shipped (only the push-ups open)', () => {
  const shipped = useTestApp();
  it('has no capped field: a save refuses it as an unknown field and stores nothing', async () => {
    const u = await createUser(shipped.app);
    const post = (payload: object) =>
      shipped.app.inject({ method: 'POST', url: '/api/workouts', payload, headers: u.headers });
    const res = await post({ pushups: 20, capped: true });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('capped');
    const list = await shipped.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toEqual([]);
  });
});
