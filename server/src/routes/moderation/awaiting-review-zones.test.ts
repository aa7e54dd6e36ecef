import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import type { AwaitingReview } from '@common/schemas/moderation';
import type { ScoreTier } from '@common/tiers';
import type { Workout } from '@common/schemas/workouts';
import { clipRecounts } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { watchedSpans } from './awaiting-review';
import { setModerator } from './moderation.service';

// The review queue watches the boards members read, in their zones, not only UTC's
// (docs/decisions/0277-the-review-queue-in-every-zone.md). The clock stands at 02:00 UTC on
// Sunday 1 August 2027: a new day, week and month in UTC, while New York is still on Saturday
// 31 July, 22:00.
const t = useTestApp({}, { boardCache: new BoardCache() });
const NOW = '2027-08-01T02:00:00.000Z';

let mod: MadeUser;
beforeAll(async () => {
  t.clock.set(NOW);
  mod = await createUser(t.app, { username: 'zonemod' });
  await setModerator(t.app.db, mod.username, true);
});

const get = (url: string, headers: Record<string, string> = mod.headers) =>
  t.app.inject({ url, headers });
const queue = async () => {
  const res = await get('/api/moderation/awaiting-review');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AwaitingReview).workouts;
};

/** A set done at `at`, as its recount (or a review) left it. */
async function verifiedSet(username: string, score: number, at: string, tier: ScoreTier) {
  const u = await createUser(t.app, { username });
  const w = await createWorkout(t.app, u.id, {
    pushups: score,
    verified: true,
    tier,
    createdAt: new Date(at),
  });
  await t.app.db.insert(clipRecounts).values({
    workoutId: w.id,
    state: 'done',
    outcome: 'recounted',
    serverCount: score,
    queuedAt: new Date(at),
    finishedAt: new Date(at),
  });
  return { user: u, id: w.id };
}

describe("the review queue in the members' zones", () => {
  let evening: { user: MadeUser; id: number };
  let june: { id: number };
  beforeAll(async () => {
    // The all-time top three are reviewed: only the periods can put a recounted set in the queue.
    for (const [i, score] of [300, 290, 280].entries())
      await verifiedSet(`zonetop${i}`, score, '2027-01-10T12:00:00Z', 'reviewed');
    // Saturday evening in New York, Saturday night in UTC: in none of UTC's current periods.
    evening = await verifiedSet('zoneevening', 50, '2027-07-31T20:00:00Z', 'recounted');
    // June: in no zone's current month any more.
    june = await verifiedSet('zonejune', 60, '2027-06-15T12:00:00Z', 'recounted');
  });

  it("UTC's boards of the day, week and month do not hold the evening's set", async () => {
    for (const period of ['today', 'week', 'month']) {
      const res = await get(`/api/leaderboard/${period}?verified=true`, {});
      expect((res.json() as LeaderboardEntry[]).map((e) => e.id)).not.toContain(evening.id);
    }
  });

  it("New York's boards do, first and awaiting review, so the queue lists it", async () => {
    for (const period of ['today', 'week', 'month']) {
      const res = await get(`/api/leaderboard/${period}?verified=true&tz=America/New_York`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as LeaderboardEntry[])[0]).toMatchObject({
        id: evening.id,
        rank: 1,
        tier: 'recounted',
        awaitingReview: true,
      });
    }
    const q = await queue();
    expect(q.map((w) => w.id)).toEqual([evening.id]);
    expect(q[0]).toMatchObject({
      username: 'zoneevening',
      boards: ['month', 'today', 'week'],
      waitingSince: '2027-07-31T20:00:00.000Z',
      waitedSeconds: 6 * 3600,
    });
    // The member reads that it is in review in their own list.
    const mine = (await get('/api/workouts', evening.user.headers)).json() as Workout[];
    expect(mine[0]).toMatchObject({ id: evening.id, tierNote: { kind: 'in-review' } });
  });

  it("a set in no zone's current period, below the all-time top three, is not listed", async () => {
    expect((await queue()).map((w) => w.id)).not.toContain(june.id);
  });

  it('watches each distinct period once: bounded by the offsets, not the zones', () => {
    const spans = watchedSpans(new Date(NOW));
    const count = (p: string) => spans.filter((s) => s.period === p).length;
    expect(count('all_time')).toBe(1);
    for (const p of ['today', 'week', 'month']) {
      // Offsets run from UTC-12 to UTC+14 in quarter hours: at most 105 distinct periods.
      expect(count(p)).toBeGreaterThan(1);
      expect(count(p)).toBeLessThanOrEqual(105);
    }
    // UTC's own periods and New York's are among them.
    expect(spans).toContainEqual({
      period: 'today',
      start: '2027-08-01T00:00:00.000Z',
      end: '2027-08-02T00:00:00.000Z',
    });
    expect(spans).toContainEqual({
      period: 'today',
      start: '2027-07-31T04:00:00.000Z',
      end: '2027-08-01T04:00:00.000Z',
    });
  });

  it('a bad challenge is a 400 with its reason; a member is refused', async () => {
    const bad = await get('/api/moderation/awaiting-review?challenge=no-such');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
    const member = await createUser(t.app, { username: 'zonemember' });
    expect((await get('/api/moderation/awaiting-review', member.headers)).statusCode).toBe(403);
  });
});
