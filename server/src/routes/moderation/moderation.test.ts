import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import {
  ACTION_CONFLICTS,
  ALREADY_REPORTED,
  MODERATION_REFUSALS,
  MODERATORS_ONLY,
  REPORT_TEXT_REQUIRED,
  type AuditEntry,
  type ModerationCase,
} from '@common/schemas/moderation';
import { workoutClips } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, DEFAULT_PASSWORD, type MadeUser } from '../../test/factories';
import { listModerators, setModerator } from './moderation.service';
import { clientDirWithIndex } from '../../test/client-dir';

// Moderation (docs/decisions/0150-moderation.md to 0153): reports, the queue, every action and
// its undo as boards, public profiles, link previews, share cards and the owner's list show them.
const clientDir = clientDirWithIndex('fitbench-moderation-');
// A board cache, as the server has: every action must reach it.
const t = useTestApp({ clientDir, reportMax: 4 }, { boardCache: new BoardCache() });
const BOT = { 'user-agent': 'facebookexternalhit/1.1', host: 'fitbench.example' };

let mod: MadeUser;
beforeAll(async () => {
  mod = await createUser(t.app, { username: `mod${Date.now() % 100000}` });
  expect(await setModerator(t.app.db, mod.username.toUpperCase(), true)).toMatch(
    /is now a moderator/,
  );
});

const json = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) });
const act = (action: string, target: object, reason = 'Checked by hand', as: MadeUser = mod) =>
  json('POST', '/api/moderation/actions', as.headers, { action, target, reason });
const ok = async (action: string, target: object, reason?: string) => {
  const res = await act(action, target, reason);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry as AuditEntry;
};
const report = (by: MadeUser, target: object, reason = 'fake-score', text?: string) =>
  json('POST', '/api/reports', by.headers, { target, reason, ...(text ? { text } : {}) });
async function board(period = 'all_time', query = '') {
  const res = await t.app.inject({ url: `/api/leaderboard/${period}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeaderboardEntry[];
}
const entryOf = async (username: string, period = 'all_time', query = '') =>
  (await board(period, query)).find((e) => e.username === username);
const profile = (username: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/users/${username}`, headers });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
const preview = async (username: string) =>
  metaOf((await t.app.inject({ url: `/users/${username}`, headers: BOT })).body, 'og:description');
/** A challenge card is found only up to the member's best (else 404), without drawing it. */
const cardStatus = async (username: string, beat: number) =>
  (
    await t.app.inject({
      url: `/api/share-cards/${username}.png?beat=${beat}`,
      headers: { 'x-forwarded-for': '198.51.100.9' },
    })
  ).statusCode;
const myList = async (u: MadeUser) =>
  (await t.app.inject({ url: '/api/workouts', headers: u.headers })).json();
const me = (u: { headers: { cookie: string } }) =>
  t.app.inject({ url: '/api/user', headers: u.headers });
const login = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: DEFAULT_PASSWORD },
  });

let n = 0;
const named = (prefix: string) => `${prefix}${Date.now() % 100000}${++n}`;

describe('who may moderate', () => {
  it('a visitor gets 401 and a member 403 on every moderation route; a moderator is told so by /api/user', async () => {
    const member = await createUser(t.app);
    const routes: [string, string, object?][] = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/log'],
      ['GET', `/api/moderation/members/${member.username}`],
      ['GET', '/api/moderation/workouts/1'],
      ['GET', '/api/moderation/awaiting-review'],
      ['GET', '/api/moderation/comments'],
      ['POST', '/api/moderation/comments/1', { action: 'hide', reason: 'x' }],
      [
        'POST',
        '/api/moderation/actions',
        { action: 'suspend', target: { kind: 'member', username: mod.username }, reason: 'x' },
      ],
    ];
    // Every moderation route the API describes is in this list (a new one must be added here).
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/moderation/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${p}`),
      );
    const asDescribed = (url: string) =>
      url
        .replace(`/members/${member.username}`, '/members/{username}')
        .replace('/workouts/1', '/workouts/{id}')
        .replace('/comments/1', '/comments/{id}');
    expect(routes.map(([method, url]) => `${method} ${asDescribed(url)}`).sort()).toEqual(
      described.sort(),
    );
    for (const [method, url, body] of routes) {
      expect((await json(method, url, {}, body)).statusCode, url).toBe(401);
      const refused = await json(method, url, member.headers, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(MODERATORS_ONLY);
      expect(
        (await json(method, url, mod.headers, method === 'GET' ? undefined : { action: 'x' }))
          .statusCode,
        url,
      ).not.toBe(403);
    }
    expect((await me(member)).json().isModerator).toBe(false);
    expect((await me(mod)).json().isModerator).toBe(true);
  });

  it('grant and revoke hold at once for a member already signed in', async () => {
    const u = await createUser(t.app);
    expect((await json('GET', '/api/moderation/queue', u.headers)).statusCode).toBe(403);
    expect(await setModerator(t.app.db, u.username, true)).toBe(
      `${u.username} is now a moderator.`,
    );
    expect(await setModerator(t.app.db, u.username, true)).toBe(
      `${u.username} is already a moderator.`,
    );
    expect(await listModerators(t.app.db)).toContain(u.username);
    expect((await json('GET', '/api/moderation/queue', u.headers)).statusCode).toBe(200);
    expect(await setModerator(t.app.db, u.username, false)).toBe(
      `${u.username} is no longer a moderator.`,
    );
    expect((await json('GET', '/api/moderation/queue', u.headers)).statusCode).toBe(403);
    expect(await setModerator(t.app.db, 'nobody-at-all', true)).toBeNull();
  });

  it('an action needs a reason and a target of its kind', async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 30 });
    expect(
      (await act('hide-workout', { kind: 'workout', workoutId: w.id }, '   ')).statusCode,
    ).toBe(400);
    expect((await act('hide-workout', { kind: 'member', username: u.username })).statusCode).toBe(
      400,
    );
    expect((await act('suspend', { kind: 'workout', workoutId: w.id })).statusCode).toBe(400);
    expect((await act('explode', { kind: 'member', username: u.username })).statusCode).toBe(400);
    expect(
      (await act('hide-workout', { kind: 'workout', workoutId: 2_000_000_000 })).statusCode,
    ).toBe(404);
    expect((await act('suspend', { kind: 'member', username: 'nobody-at-all' })).statusCode).toBe(
      404,
    );
    const self = await act('suspend', { kind: 'member', username: mod.username });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MODERATION_REFUSALS.own);
  });
});

describe('reports', () => {
  it('once per member and target, not one\'s own, a reason from the list, text with "other", and a limit', async () => {
    const owner = await createUser(t.app, { username: named('rep') });
    const w = await createWorkout(t.app, owner.id, { pushups: 80 });
    const reporter = await createUser(t.app);
    const entry = { kind: 'workout', workoutId: w.id };
    const first = await report(reporter, entry, 'fake-score', 'Nobody does 80');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      target: entry,
      reason: 'fake-score',
      text: 'Nobody does 80',
    });
    const again = await report(reporter, entry, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REPORTED);
    // The profile is another target.
    expect(
      (
        await report(
          reporter,
          { kind: 'member', username: owner.username.toUpperCase() },
          'offensive-name',
        )
      ).statusCode,
    ).toBe(201);
    expect((await report(owner, entry)).statusCode).toBe(400);
    const noText = await report(reporter, { kind: 'member', username: mod.username }, 'other');
    expect(noText.statusCode).toBe(400);
    expect(JSON.stringify(noText.json())).toContain(REPORT_TEXT_REQUIRED);
    expect((await report(reporter, entry, 'rude')).statusCode).toBe(400);
    expect(
      (
        await report(
          reporter,
          { kind: 'member', username: owner.username },
          'other',
          'x'.repeat(201),
        )
      ).statusCode,
    ).toBe(400);
    expect((await report(reporter, { kind: 'workout', workoutId: 2_000_000_000 })).statusCode).toBe(
      404,
    );
    expect(
      (await json('POST', '/api/reports', {}, { target: entry, reason: 'spam' })).statusCode,
    ).toBe(401);
    // A private member's entry is not one others see.
    const hidden = await createUser(t.app, { isPrivate: true });
    const hw = await createWorkout(t.app, hidden.id);
    expect((await report(reporter, { kind: 'workout', workoutId: hw.id })).statusCode).toBe(404);
    // reportMax is 4 here: 2 counted so far (repeats and refusals cost nothing).
    const others = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    expect(
      (await report(reporter, { kind: 'member', username: others[0]!.username }, 'spam'))
        .statusCode,
    ).toBe(201);
    expect(
      (await report(reporter, { kind: 'member', username: others[1]!.username }, 'spam'))
        .statusCode,
    ).toBe(201);
    const limited = await report(
      reporter,
      { kind: 'member', username: others[2]!.username },
      'spam',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('the queue groups open reports by target, with the entry, recent sets and earlier actions', async () => {
    const owner = await createUser(t.app, { username: named('q') });
    const old = await createWorkout(t.app, owner.id, {
      pushups: 10,
      createdAt: new Date(t.clock.now.getTime() - 86_400_000),
    });
    const w = await createWorkout(t.app, owner.id, { pushups: 99 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    expect((await report(a!, { kind: 'workout', workoutId: w.id })).statusCode).toBe(201);
    expect((await report(b!, { kind: 'workout', workoutId: w.id }, 'spam')).statusCode).toBe(201);
    expect(
      (await report(c!, { kind: 'member', username: owner.username }, 'offensive-name')).statusCode,
    ).toBe(201);
    const cases = (await json('GET', '/api/moderation/queue?limit=100', mod.headers)).json()
      .cases as ModerationCase[];
    const mine = cases.filter((x) => x.member.id === owner.id);
    // Two reports and a place on the board outweigh one report (moderation-queue.test.ts).
    expect(mine.map((x) => x.target.kind)).toEqual(['workout', 'member']);
    const entry = mine[0]!;
    expect(entry.workout).toMatchObject({ id: w.id, score: 99, hidden: null, hasClip: false });
    expect(entry.reports.map((r) => r.reason)).toEqual(['spam', 'fake-score']);
    expect(entry.reports[0]!.reporter).toBe(b!.username);
    expect(entry.recentSets.map((s) => s.id)).toEqual([w.id, old.id]);
    // Dismissed: off the queue, in the log; reopened: back.
    const dismissed = await ok(
      'dismiss-reports',
      { kind: 'workout', workoutId: w.id },
      'Real, seen on video',
    );
    expect(dismissed).toMatchObject({
      action: 'dismiss-reports',
      moderator: mod.username,
      reason: 'Real, seen on video',
    });
    const after = (await json('GET', '/api/moderation/queue?limit=100', mod.headers)).json()
      .cases as ModerationCase[];
    expect(after.filter((x) => x.member.id === owner.id).map((x) => x.target.kind)).toEqual([
      'member',
    ]);
    expect((await act('dismiss-reports', { kind: 'workout', workoutId: w.id })).statusCode).toBe(
      409,
    );
    await ok('reopen-reports', { kind: 'workout', workoutId: w.id });
    const back = (
      await json('GET', `/api/moderation/workouts/${w.id}`, mod.headers)
    ).json() as ModerationCase;
    expect(back.reports).toHaveLength(2);
    expect(back.actions.map((x) => x.action)).toEqual(['reopen-reports', 'dismiss-reports']);
  });
});

describe('actions and their undos, as everyone sees them', () => {
  it('a hidden workout leaves every board, the public profile, the preview and the share card; its owner sees why', async () => {
    const name = named('hid');
    const owner = await createUser(t.app, { username: name });
    const honest = await createWorkout(t.app, owner.id, { pushups: 40 });
    const fake = await createWorkout(t.app, owner.id, { pushups: 150 });
    const reporter = await createUser(t.app);
    expect((await report(reporter, { kind: 'workout', workoutId: fake.id })).statusCode).toBe(201);
    for (const period of ['today', 'week', 'month', 'all_time'])
      expect((await entryOf(name, period))?.score, period).toBe(150);
    expect(await preview(name)).toMatch(/Best: 150 push-ups/);
    expect(await cardStatus(name, 150)).toBe(200);

    const hid = await ok(
      'hide-workout',
      { kind: 'workout', workoutId: fake.id },
      'Not a real count',
    );
    expect(hid).toMatchObject({
      action: 'hide-workout',
      target: { kind: 'workout', workoutId: fake.id, username: name },
    });
    for (const period of ['today', 'week', 'month', 'all_time']) {
      const e = await entryOf(name, period);
      expect(e?.score, period).toBe(40);
      expect(e?.id).toBe(honest.id);
    }
    const pub = (await profile(name)).json();
    expect(pub.workouts.map((w: { id: number }) => w.id)).toEqual([honest.id]);
    expect(pub.stats.bestScore).toBe(40);
    expect(pub.workouts[0]).not.toHaveProperty('hidden');
    expect(await preview(name)).toMatch(/Best: 40 push-ups/);
    expect(await cardStatus(name, 150)).toBe(404);
    const list = await myList(owner);
    expect(list.find((w: { id: number }) => w.id === fake.id).hidden).toMatchObject({
      reason: 'Not a real count',
    });
    expect(list.find((w: { id: number }) => w.id === honest.id).hidden).toBeNull();
    // The member's export carries the hide and its reason too.
    const exported = (await json('GET', '/api/export', owner.headers)).json() as {
      workouts: { id: number; hidden: unknown }[];
    };
    expect(exported.workouts.find((w) => w.id === fake.id)?.hidden).toMatchObject({
      reason: 'Not a real count',
    });
    expect(exported.workouts.find((w) => w.id === honest.id)?.hidden).toBeNull();
    // The report it answered is closed.
    const c = (
      await json('GET', `/api/moderation/workouts/${fake.id}`, mod.headers)
    ).json() as ModerationCase;
    expect(c.reports).toEqual([]);
    expect(c.workout?.hidden?.reason).toBe('Not a real count');
    expect(
      (await act('hide-workout', { kind: 'workout', workoutId: fake.id })).json().message,
    ).toBe(ACTION_CONFLICTS.alreadyHidden);
    // Reporting a hidden entry: nobody else sees it.
    expect(
      (await report(await createUser(t.app), { kind: 'workout', workoutId: fake.id })).statusCode,
    ).toBe(404);

    await ok('unhide-workout', { kind: 'workout', workoutId: fake.id }, 'Seen the clip after all');
    for (const period of ['today', 'all_time'])
      expect((await entryOf(name, period))?.score, period).toBe(150);
    expect((await profile(name)).json().stats.bestScore).toBe(150);
    expect(await preview(name)).toMatch(/Best: 150 push-ups/);
    expect(await cardStatus(name, 150)).toBe(200);
    expect((await myList(owner)).every((w: { hidden: unknown }) => w.hidden === null)).toBe(true);
    expect(
      (await act('unhide-workout', { kind: 'workout', workoutId: fake.id })).json().message,
    ).toBe(ACTION_CONFLICTS.notHidden);
    const log = (await json('GET', '/api/moderation/log?limit=5', mod.headers)).json()
      .entries as AuditEntry[];
    expect(log.slice(0, 2).map((e) => [e.action, e.reason])).toEqual([
      ['unhide-workout', 'Seen the clip after all'],
      ['hide-workout', 'Not a real count'],
    ]);
  });

  it("a hidden set stays in its owner's history, marked, and counts in none of their figures, as on the board", async () => {
    // docs/decisions/0183-hidden-sets-count-for-nothing.md
    const name = named('own');
    // A session is a day with a set (docs/decisions/0053-weekly-goal.md): the honest set is a week
    // earlier, so the hidden one is this week's only session.
    const owner = await createUser(t.app, { username: name, weeklyGoal: 1 });
    const honest = await createWorkout(t.app, owner.id, {
      pushups: 40,
      createdAt: new Date(t.clock.now.getTime() - 7 * 86_400_000),
    });
    const fake = await createWorkout(t.app, owner.id, { pushups: 150, verified: true });
    const myStats = async () => {
      const res = await t.app.inject({ url: '/api/stats', headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const standing = async () =>
      (await t.app.inject({ url: '/api/leaderboard/all_time/me', headers: owner.headers })).json();
    const figures = {
      bestScore: 150,
      lastScore: 150,
      totalScore: 190,
      totalWorkouts: 2,
      verifiedBest: 150,
    };
    expect(await myStats()).toMatchObject({
      ...figures,
      bestPushups: 150,
      sessionsThisWeek: 1,
      weekStreak: 2,
    });
    expect(await standing()).toMatchObject({ id: fake.id, score: 150 });

    await ok('hide-workout', { kind: 'workout', workoutId: fake.id }, 'Not a real count');
    const hidden = {
      bestScore: 40,
      lastScore: 40,
      totalScore: 40,
      totalWorkouts: 1,
      verifiedBest: 0,
    };
    const mine = await myStats();
    expect(mine).toMatchObject({
      ...hidden,
      bestPushups: 40,
      lastPushups: 40,
      totalPushups: 40,
      sessionsThisWeek: 0,
      weekStreak: 1,
    });
    // The member's own figures are the ones everyone sees, and their standing is the board's.
    expect((await profile(name)).json().stats).toMatchObject(hidden);
    expect(await standing()).toMatchObject({ id: honest.id, score: 40 });
    expect((await entryOf(name))?.score).toBe(40);
    // Still in their history, with the reason.
    expect(
      (await myList(owner)).map((w: { id: number; hidden: { reason: string } | null }) => [
        w.id,
        w.hidden?.reason ?? null,
      ]),
    ).toEqual([
      [fake.id, 'Not a real count'],
      [honest.id, null],
    ]);
    // A new set is measured against the best that counts: 60 beats 40.
    const save = async (pushups: number) => {
      const res = await json('POST', '/api/workouts', owner.headers, { pushups });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().previousBest as number | null;
    };
    expect(await save(60)).toBe(40);
    expect(await myStats()).toMatchObject({
      bestScore: 60,
      lastScore: 60,
      totalScore: 100,
      totalWorkouts: 2,
      sessionsThisWeek: 1,
      weekStreak: 2,
    });

    await ok('unhide-workout', { kind: 'workout', workoutId: fake.id }, 'Seen the clip after all');
    expect(await myStats()).toMatchObject({
      bestScore: 150,
      totalScore: 250,
      totalWorkouts: 3,
      verifiedBest: 150,
      sessionsThisWeek: 1,
      weekStreak: 2,
    });
    expect(await standing()).toMatchObject({ id: fake.id, score: 150 });
    expect(await save(10)).toBe(150);
  });

  it('a hidden verified set leaves the verified board; a clip is marked reviewed and unmarked', async () => {
    const name = named('ver');
    const owner = await createUser(t.app, { username: name });
    const w = await createWorkout(t.app, owner.id, {
      pushups: 77,
      verified: true,
      tier: 'recounted',
    });
    await t.app.db.insert(workoutClips).values({
      workoutId: w.id,
      userId: owner.id,
      bytes: Buffer.from('not really webm'),
      codec: 'vp8',
      width: 160,
      height: 120,
      frames: 900,
      durationMs: 90_000,
    });
    const awaiting = async () =>
      (
        (await json('GET', '/api/moderation/awaiting-review', mod.headers)).json().workouts as {
          id: number;
        }[]
      ).map((x) => x.id);
    expect(await awaiting()).toContain(w.id);
    // A moderator may watch a clip the member keeps to moderators.
    expect(
      (await t.app.inject({ url: `/api/workouts/${w.id}/clip`, headers: mod.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/workouts/${w.id}/clip` })).statusCode).toBe(404);
    await ok('review-clip', { kind: 'workout', workoutId: w.id });
    expect(await awaiting()).not.toContain(w.id);
    expect((await act('review-clip', { kind: 'workout', workoutId: w.id })).json().message).toBe(
      ACTION_CONFLICTS.alreadyReviewed,
    );
    await ok('unreview-clip', { kind: 'workout', workoutId: w.id });
    expect(await awaiting()).toContain(w.id);
    const plain = await createWorkout(t.app, owner.id, { pushups: 5 });
    expect(
      (await act('review-clip', { kind: 'workout', workoutId: plain.id })).json().message,
    ).toBe(ACTION_CONFLICTS.noClip);

    expect((await entryOf(name, 'all_time', '?verified=true'))?.score).toBe(77);
    await ok('hide-workout', { kind: 'workout', workoutId: w.id });
    expect(await entryOf(name, 'all_time', '?verified=true')).toBeUndefined();
    await ok('unhide-workout', { kind: 'workout', workoutId: w.id });
    expect((await entryOf(name, 'all_time', '?verified=true'))?.score).toBe(77);
  });

  it('a full name and a picture are cleared and restored, on the profile and the boards', async () => {
    const name = named('pic');
    const picture = 'https://images.example.com/rude.png';
    const owner = await createUser(t.app, {
      username: name,
      fullName: 'Rude Word',
      profilePicture: picture,
    });
    await createWorkout(t.app, owner.id, { pushups: 33 });
    expect((await entryOf(name))?.profilePicture).toBe(picture);

    await ok('clear-full-name', { kind: 'member', username: name }, 'Offensive');
    await ok('clear-picture', { kind: 'member', username: name }, 'Offensive');
    expect((await profile(name)).json().user).toMatchObject({
      fullName: null,
      profilePicture: null,
    });
    expect((await entryOf(name))?.profilePicture).toBeNull();
    const cleared = (
      await json('GET', `/api/moderation/members/${name}`, mod.headers)
    ).json() as ModerationCase;
    expect(cleared.member).toMatchObject({ fullNameCleared: true, pictureCleared: true });
    expect((await act('clear-full-name', { kind: 'member', username: name })).json().message).toBe(
      ACTION_CONFLICTS.noFullName,
    );

    await ok('restore-full-name', { kind: 'member', username: name }, 'Reviewed again');
    await ok('restore-picture', { kind: 'member', username: name }, 'Reviewed again');
    expect((await profile(name)).json().user).toMatchObject({
      fullName: 'Rude Word',
      profilePicture: picture,
    });
    expect((await entryOf(name))?.profilePicture).toBe(picture);
    expect(
      (await act('restore-full-name', { kind: 'member', username: name })).json().message,
    ).toBe(ACTION_CONFLICTS.nothingToRestore);

    // A name the member chose since a clear is not overwritten by a restore.
    await ok('clear-full-name', { kind: 'member', username: name });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: owner.headers,
      payload: { fullName: 'Kind Word' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await act('restore-full-name', { kind: 'member', username: name })).statusCode).toBe(
      409,
    );
    expect((await profile(name)).json().user.fullName).toBe('Kind Word');
  });

  it('a suspended member is signed out everywhere, off every board and page, and told why at sign-in; lifting it undoes all', async () => {
    const name = named('sus');
    const owner = await createUser(t.app, { username: name });
    await createWorkout(t.app, owner.id, { pushups: 120 });
    const second = await login(name);
    expect(second.statusCode).toBe(200);
    expect((await entryOf(name))?.score).toBe(120);
    expect((await profile(name)).statusCode).toBe(200);

    await ok('suspend', { kind: 'member', username: name }, 'Repeated fake scores');
    expect((await me(owner)).statusCode).toBe(401);
    for (const period of ['today', 'all_time'])
      expect(await entryOf(name, period), period).toBeUndefined();
    expect((await profile(name)).statusCode).toBe(404);
    expect(await preview(name)).not.toMatch(/push-ups/);
    expect(await cardStatus(name, 10)).toBe(404);
    const refused = await login(name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is suspended: Repeated fake scores');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password still gets the usual answer: the reason is for whoever holds the account.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: name, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    const member = (
      await json('GET', `/api/moderation/members/${name}`, mod.headers)
    ).json() as ModerationCase;
    expect(member.member.suspended?.reason).toBe('Repeated fake scores');
    expect((await act('suspend', { kind: 'member', username: name })).json().message).toBe(
      ACTION_CONFLICTS.alreadySuspended,
    );

    await ok('lift-suspension', { kind: 'member', username: name }, 'Appeal accepted');
    expect((await entryOf(name))?.score).toBe(120);
    expect((await profile(name)).statusCode).toBe(200);
    expect(await preview(name)).toMatch(/Best: 120 push-ups/);
    expect((await login(name)).statusCode).toBe(200);
    expect((await act('lift-suspension', { kind: 'member', username: name })).json().message).toBe(
      ACTION_CONFLICTS.notSuspended,
    );
    const log = (await json('GET', `/api/moderation/members/${name}`, mod.headers)).json()
      .actions as AuditEntry[];
    expect(log.map((e) => e.action)).toEqual(['lift-suspension', 'suspend']);
    // The owner's rows are untouched by it all.
    expect(
      await t.app.db.select().from(workoutClips).where(eq(workoutClips.userId, owner.id)),
    ).toEqual([]);
    // The share card is back with the member.
    expect(await cardStatus(name, 120)).toBe(200);
  });

  it('hide, clear a picture and suspend, and each undo, on the following and club boards and the standings there', async () => {
    const name = named('set');
    const picture = 'https://images.example.com/face.png';
    const owner = await createUser(t.app, { username: name, profilePicture: picture });
    const rival = await createUser(t.app, { username: named('riv') });
    const viewer = await createUser(t.app);
    for (const [who, whom] of [
      [viewer, owner],
      [viewer, rival],
      [rival, owner],
    ] as const)
      expect((await json('PUT', `/api/following/${whom.username}`, who.headers)).statusCode).toBe(
        204,
      );
    const created = await json('POST', '/api/clubs', viewer.headers, {
      name: named('Keepers'),
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json().slug as string;
    for (const u of [owner, rival])
      expect((await json('POST', `/api/clubs/${slug}/join`, u.headers, {})).statusCode).toBe(200);
    await createWorkout(t.app, owner.id, { pushups: 40 });
    const fake = await createWorkout(t.app, owner.id, { pushups: 150 });
    await createWorkout(t.app, rival.id, { pushups: 90 });

    const rows = async (url: string) => {
      const res = await t.app.inject({ url, headers: viewer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as LeaderboardEntry[]).map((e) => [
        e.username,
        e.rank,
        e.score,
        e.profilePicture,
      ]);
    };
    const boards = async () => ({
      following: await rows('/api/leaderboard/all_time?scope=following'),
      club: await rows(`/api/clubs/${slug}/leaderboard/all_time`),
    });
    const rivalRank = async () => ({
      following: (
        await json('GET', '/api/leaderboard/all_time/me?scope=following', rival.headers)
      ).json()?.rank,
      club: (await json('GET', `/api/clubs/${slug}/leaderboard/all_time/me`, rival.headers)).json()
        ?.rank,
    });
    const both = (r: unknown[][]) => ({ following: r, club: r });
    const first = both([
      [name, 1, 150, picture],
      [rival.username, 2, 90, null],
    ]);
    expect(await boards()).toEqual(first);
    expect(await rivalRank()).toEqual({ following: 2, club: 2 });

    await ok('hide-workout', { kind: 'workout', workoutId: fake.id }, 'Not a real count');
    expect(await boards()).toEqual(
      both([
        [rival.username, 1, 90, null],
        [name, 2, 40, picture],
      ]),
    );
    expect(await rivalRank()).toEqual({ following: 1, club: 1 });
    await ok('unhide-workout', { kind: 'workout', workoutId: fake.id }, 'Seen the clip after all');
    expect(await boards()).toEqual(first);

    await ok('clear-picture', { kind: 'member', username: name }, 'Offensive');
    expect(await boards()).toEqual(
      both([
        [name, 1, 150, null],
        [rival.username, 2, 90, null],
      ]),
    );
    await ok('restore-picture', { kind: 'member', username: name }, 'Reviewed again');
    expect(await boards()).toEqual(first);

    await ok('suspend', { kind: 'member', username: name }, 'Repeated fake scores');
    expect(await boards()).toEqual(both([[rival.username, 1, 90, null]]));
    expect(await rivalRank()).toEqual({ following: 1, club: 1 });
    await ok('lift-suspension', { kind: 'member', username: name }, 'Appeal accepted');
    expect(await boards()).toEqual(first);
    expect(await rivalRank()).toEqual({ following: 2, club: 2 });
  });
});
