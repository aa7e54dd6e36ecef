import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import {
  ACTION_CONFLICTS,
  MODERATORS_ONLY,
  type AuditEntry,
  type AwaitingReview,
} from '@common/schemas/moderation';
import type { PublicProfile } from '@common/schemas/profile';
import type { Workout } from '@common/schemas/workouts';
import { IN_REVIEW_TEXT, notRecountedText, refusedText } from '@common/tier-notes';
import type { ScoreTier } from '@common/tiers';
import { clipRecounts, workoutClips } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { setModerator } from './moderation.service';

// Tiers shown everywhere a score is, and a moderator's review of the top three of every Verified
// board (docs/decisions/0244-tiers-shown-and-reviewed.md). Recounted sets are made here as the
// recount would leave them: tier 'recounted', verified, a clip, and a finished clip_recounts row.
const t = useTestApp({}, { boardCache: new BoardCache() });
const HOUR = 3_600_000;

let mod: MadeUser;
let member: MadeUser;
beforeAll(async () => {
  t.clock.set('2026-11-29T12:00:00Z');
  mod = await createUser(t.app, { username: 'tiermod' });
  await setModerator(t.app.db, mod.username, true);
  member = await createUser(t.app, { username: 'tiermember' });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const act = (action: string, workoutId: number, reason = 'Watched the clip', as = mod) =>
  t.app.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    headers: as.headers,
    payload: { action, target: { kind: 'workout', workoutId }, reason },
  });
const queue = async () => {
  const res = await get('/api/moderation/awaiting-review', mod.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AwaitingReview).workouts;
};
const board = async (query = '?verified=true') =>
  (await get(`/api/leaderboard/all_time${query}`)).json() as LeaderboardEntry[];
const list = async (u: MadeUser) => (await get('/api/workouts', u.headers)).json() as Workout[];

/** A set as a recount leaves it (or reviewed), with its clip, finished `waitedHours` ago. */
async function recounted(
  u: MadeUser,
  score: number,
  waitedHours: number,
  tier: ScoreTier = 'recounted',
) {
  const w = await createWorkout(t.app, u.id, { pushups: score, verified: true, tier });
  await t.app.db.insert(workoutClips).values({
    workoutId: w.id,
    userId: u.id,
    bytes: Buffer.from('not really webm'),
    codec: 'vp8',
    width: 160,
    height: 120,
    frames: 900,
    durationMs: 90_000,
  });
  const finished = new Date(t.clock.now.getTime() - waitedHours * HOUR);
  await t.app.db.insert(clipRecounts).values({
    workoutId: w.id,
    state: 'done',
    outcome: 'recounted',
    serverCount: score,
    queuedAt: finished,
    finishedAt: finished,
  });
  return w;
}

describe('tiers and the review queue', () => {
  let a: MadeUser, b: MadeUser, c: MadeUser, d: MadeUser;
  let wa: { id: number }, wb: { id: number }, wc: { id: number }, wd: { id: number };
  beforeAll(async () => {
    [a, b, c, d] = (await Promise.all(
      ['tiera', 'tierb', 'tierc', 'tierd'].map((username) => createUser(t.app, { username })),
    )) as [MadeUser, MadeUser, MadeUser, MadeUser];
    // Ranks 1-4 on the Verified board; b has waited longest, c is reviewed, d is fourth.
    wa = await recounted(a!, 100, 1);
    wb = await recounted(b!, 90, 5);
    wc = await recounted(c!, 80, 9, 'reviewed');
    wd = await recounted(d!, 70, 12);
    await createWorkout(t.app, member.id, { pushups: 200 });
  });

  it('is for moderators only', async () => {
    expect((await get('/api/moderation/awaiting-review')).statusCode).toBe(401);
    const refused = await get('/api/moderation/awaiting-review', member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MODERATORS_ONLY);
    const action = await act('review-clip', wa.id, 'x', member);
    expect(action.statusCode).toBe(403);
    expect(
      (await get('/api/moderation/awaiting-review?challenge=nope', mod.headers)).statusCode,
    ).toBe(400);
  });

  it('lists the top three recounted sets awaiting review, the longest waiting first', async () => {
    const q = await queue();
    expect(q.map((w) => w.id)).toEqual([wb.id, wa.id]);
    expect(q[0]).toMatchObject({
      username: 'tierb',
      tier: 'recounted',
      waitedSeconds: 5 * 3600,
      waitingSince: '2026-11-29T07:00:00.000Z',
    });
    expect(q[0]!.boards).toContain('all_time');
    // The same sets were saved today: the day's, week's and month's boards hold them too.
    expect(q[0]!.boards).toEqual(['all_time', 'month', 'today', 'week']);
    expect(
      (await get('/api/moderation/awaiting-review?challenge=pushup-90', mod.headers)).json(),
    ).toEqual({ workouts: q });
  });

  it('gives every board row its tier, and the unreviewed top three "awaiting review"', async () => {
    const verified = await board();
    expect(verified.map((e) => [e.username, e.tier, e.awaitingReview ?? false])).toEqual([
      ['tiera', 'recounted', true],
      ['tierb', 'recounted', true],
      ['tierc', 'reviewed', false],
      ['tierd', 'recounted', false],
    ]);
    const all = await board('');
    expect(all.find((e) => e.username === 'tiermember')).toMatchObject({ tier: 'entered' });
    expect(all.every((e) => e.awaitingReview === undefined)).toBe(true);
  });

  it('a review makes the set reviewed, in the audit log, and takes it off the queue', async () => {
    const res = await act('review-clip', wb.id, 'Counted 90 clean reps');
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().entry as AuditEntry).action).toBe('review-clip');
    expect((await queue()).map((w) => w.id)).toEqual([wa.id]);
    expect((await board()).find((e) => e.username === 'tierb')).toMatchObject({
      tier: 'reviewed',
    });
    expect((await board()).find((e) => e.username === 'tierb')?.awaitingReview).toBeUndefined();
    const log = (await get('/api/moderation/log', mod.headers)).json().entries as AuditEntry[];
    expect(log[0]).toMatchObject({ action: 'review-clip', reason: 'Counted 90 clean reps' });
    // The undo puts it back in the queue as recounted.
    expect((await act('unreview-clip', wb.id)).statusCode).toBe(201);
    expect((await queue()).map((w) => w.id)).toEqual([wb.id, wa.id]);
    expect((await act('review-clip', wb.id)).statusCode).toBe(201);
  });

  it('the member sees "in review", then a refusal in words; the refusal is undone', async () => {
    expect((await list(a)).find((w) => w.id === wa.id)).toMatchObject({
      tier: 'recounted',
      tierNote: { kind: 'in-review', text: IN_REVIEW_TEXT },
    });
    // Fourth on the board: recounted, not in review.
    expect((await list(d)).find((w) => w.id === wd.id)?.tierNote).toBeUndefined();
    const refused = await act('refuse-clip', wa.id, 'The clip shows 60 reps');
    expect(refused.statusCode, refused.body).toBe(201);
    expect((await act('refuse-clip', wa.id)).json().message).toBe(ACTION_CONFLICTS.notRefusable);
    expect((await list(a)).find((w) => w.id === wa.id)).toMatchObject({
      tier: 'camera-counted',
      verified: false,
      tierNote: { kind: 'refused', text: refusedText('The clip shows 60 reps') },
    });
    expect((await board()).map((e) => e.username)).toEqual(['tierb', 'tierc', 'tierd']);
    // d is third now: in the queue.
    expect((await queue()).map((w) => w.id)).toEqual([wd.id]);
    expect((await act('restore-clip', wa.id)).statusCode).toBe(201);
    expect((await act('restore-clip', wa.id)).json().message).toBe(ACTION_CONFLICTS.notRefused);
    expect((await list(a)).find((w) => w.id === wa.id)).toMatchObject({
      tier: 'recounted',
      verified: true,
    });
    expect((await queue()).map((w) => w.id)).toEqual([wa.id]);
  });

  it('says why a recount failed, and that one is running', async () => {
    const failed = await createWorkout(t.app, member.id, { pushups: 30, tier: 'camera-counted' });
    const running = await createWorkout(t.app, member.id, { pushups: 31, tier: 'camera-counted' });
    await t.app.db.insert(clipRecounts).values([
      {
        workoutId: failed.id,
        state: 'done',
        outcome: 'no-face',
        reason: 'Nobody was in front of the camera for most of the clip.',
        finishedAt: t.clock.now,
      },
      { workoutId: running.id, state: 'running' },
    ]);
    const mine = await list(member);
    expect(mine.find((w) => w.id === failed.id)?.tierNote).toEqual({
      kind: 'not-recounted',
      text: notRecountedText('Nobody was in front of the camera for most of the clip.'),
    });
    expect(mine.find((w) => w.id === running.id)?.tierNote?.kind).toBe('recounting');
    expect(mine.find((w) => w.tier === 'entered')?.tierNote).toBeUndefined();
  });

  it("says a recount's reason in the reader's language: a stored code, and an old row's English", async () => {
    const coded = await createWorkout(t.app, member.id, { pushups: 40, tier: 'camera-counted' });
    const old = await createWorkout(t.app, member.id, { pushups: 3, tier: 'camera-counted' });
    const gone = await createWorkout(t.app, member.id, { pushups: 5, tier: 'camera-counted' });
    const done = { state: 'done', finishedAt: t.clock.now } as const;
    await t.app.db.insert(clipRecounts).values([
      {
        ...done,
        workoutId: coded.id,
        outcome: 'count-differs',
        reason: 'count-differs?counted=10&claimed=40',
      },
      {
        ...done,
        workoutId: old.id,
        outcome: 'count-differs',
        reason: 'FitBench counted 1 push-up in the proof clip, not 3.',
      },
      { ...done, workoutId: gone.id, outcome: 'unreadable', reason: 'clip-gone' },
    ]);
    const notes = async (lang?: string) => {
      const items = (
        await get('/api/workouts', {
          ...member.headers,
          ...(lang ? { 'accept-language': lang } : {}),
        })
      ).json() as Workout[];
      return [coded, old, gone].map((w) => items.find((i) => i.id === w.id)?.tierNote?.text);
    };
    expect(await notes()).toEqual([
      'Not recounted: FitBench counted 10 push-ups in the proof clip, not 40.',
      'Not recounted: FitBench counted 1 push-up in the proof clip, not 3.',
      'Not recounted: The proof clip is no longer kept.',
    ]);
    expect(await notes('de')).toEqual([
      'Nicht nachgezählt: FitBench hat im Beweisclip 10 Liegestütze gezählt, nicht 40.',
      'Nicht nachgezählt: FitBench hat im Beweisclip 1 Liegestütz gezählt, nicht 3.',
      'Nicht nachgezählt: Der Beweisclip wird nicht mehr aufbewahrt.',
    ]);
    expect((await notes('es'))[2]).toBe('No recontado: El clip de prueba ya no se conserva.');
  });

  it('carries the tier on the public profile, its best and the export', async () => {
    const profile = (await get('/api/users/tierc')).json() as PublicProfile;
    expect(profile.workouts[0]).toMatchObject({ id: wc.id, tier: 'reviewed' });
    expect(profile.workouts[0]).not.toHaveProperty('tierNote');
    expect(profile.stats.bestTier).toBe('reviewed');
    const exported = (await get('/api/export', c.headers)).json() as { workouts: Workout[] };
    expect(exported.workouts[0]).toMatchObject({ tier: 'reviewed' });
    const csv = (await get('/api/export?format=csv', c.headers)).body;
    expect(csv.split('\r\n')[1]?.endsWith(',reviewed')).toBe(true);
    const stats = (await get('/api/stats', member.headers)).json() as { bestTier?: string };
    expect(stats.bestTier).toBe('entered');
  });

  it('an edited count is entered: off the Verified board, out of the queue', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workouts/${wd.id}`,
      headers: d.headers,
      payload: { pushups: 71 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tier: 'entered', verified: false });
    expect((await board()).map((e) => e.username)).not.toContain('tierd');
  });

  it('keeps the invariant: verified is exactly the recounted and reviewed tiers', async () => {
    const rows = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from workouts where verified <> (tier in ('recounted', 'reviewed'))`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
