import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, DEFAULT_CHALLENGE, findEntry, canOpen } from '@common/challenges';
import type { Achievements } from '@common/schemas/badges';
import { memberBadges, users, workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { awardPlanFinished } from './index';

// Badges earned by the trigger in server/src/db/sql/badges.sql and streaks in the member's zone
// (docs/decisions/0231-badges-earned-on-the-server.md, 0232-streaks.md, 0233-achievements-api-and-screens.md).
const t = useTestApp();

const DAY = 86_400_000;
const title = (id: string) => findEntry(id, CATALOGUE)!.title;
// Another challenge with a workout, by what the catalogue says of it.
const other = CATALOGUE.find(
  (e) => e.id !== DEFAULT_CHALLENGE && canOpen(e) && e.scoring?.kind !== 'for-time',
)!;

async function mine(user: MadeUser): Promise<Achievements> {
  const res = await t.app.inject({ url: '/api/profile/achievements', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json();
}
const kinds = async (user: MadeUser) =>
  (await mine(user)).badges.map((b) => `${b.badge}:${b.challenge ?? ''}`).sort();

function save(user: MadeUser, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: user.headers,
    payload: { pushups: 20, ...body },
  });
}

describe('badges earned as sets are saved', () => {
  it('earns the first set of each challenge once, named from the catalogue, with the date earned', async () => {
    t.clock.set('2026-11-20T10:00:00Z');
    const u = await createUser(t.app);
    expect(await mine(u)).toEqual({ badges: [], streaks: { dayStreak: 0, weekStreak: 0 } });
    const res = await save(u, {});
    expect(res.statusCode, res.body).toBe(201);
    await save(u, {});
    // The first set on a board is also in its top 10 (another badge).
    const badges = (await mine(u)).badges.filter((b) => b.badge === 'first-set');
    expect(badges).toEqual([
      {
        badge: 'first-set',
        challenge: DEFAULT_CHALLENGE,
        name: `First set: ${title(DEFAULT_CHALLENGE)}`,
        earnedAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    await createWorkout(t.app, u.id, { challenge: other.id, score: 30 });
    await createWorkout(t.app, u.id, { challenge: other.id, score: 10 });
    expect((await kinds(u)).filter((k) => k.startsWith('first-set'))).toEqual(
      [`first-set:${DEFAULT_CHALLENGE}`, `first-set:${other.id}`].sort(),
    );
  });

  it('earns one badge from 10 parallel saves of a first set (API saves and direct inserts)', async () => {
    const u = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(u, { pushups: 10 + i })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const v = await createUser(t.app);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        createWorkout(t.app, v.id, { challenge: other.id, score: 5 }),
      ),
    );
    for (const [user, challenge] of [
      [u, DEFAULT_CHALLENGE],
      [v, other.id],
    ] as const) {
      const rows = await t.app.db
        .select()
        .from(memberBadges)
        .where(and(eq(memberBadges.userId, user.id), eq(memberBadges.badge, 'first-set')));
      expect(rows.map((r) => r.subject)).toEqual([challenge]);
    }
    // Ten sets, one of them the best, beat earlier ones: the new-best badge once at most.
    expect((await kinds(u)).filter((k) => k.startsWith('new-best')).length).toBeLessThanOrEqual(1);
  });

  it('earns a new best once per challenge, when a set beats an earlier best', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { score: 20 });
    await createWorkout(t.app, u.id, { score: 20 });
    await createWorkout(t.app, u.id, { score: 15 });
    expect(await kinds(u)).not.toContain(`new-best:${DEFAULT_CHALLENGE}`);
    await createWorkout(t.app, u.id, { score: 21 });
    await createWorkout(t.app, u.id, { score: 30 });
    const best = (await mine(u)).badges.filter((b) => b.badge === 'new-best');
    expect(best).toMatchObject([
      { challenge: DEFAULT_CHALLENGE, name: `New best: ${title(DEFAULT_CHALLENGE)}` },
    ]);
  });

  it('earns the first verified set once', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { score: 20 });
    expect(await kinds(u)).not.toContain(`first-verified:${DEFAULT_CHALLENGE}`);
    await createWorkout(t.app, u.id, { score: 21, verified: true });
    await createWorkout(t.app, u.id, { score: 22, verified: true });
    const verified = (await mine(u)).badges.filter((b) => b.badge === 'first-verified');
    expect(verified).toMatchObject([{ challenge: DEFAULT_CHALLENGE, name: 'First verified set' }]);
  });

  it('earns the first verified set when a saved set becomes verified (a recount or a review), once', async () => {
    const u = await createUser(t.app);
    const a = await createWorkout(t.app, u.id, { score: 20 });
    const b = await createWorkout(t.app, u.id, { score: 21 });
    expect(await kinds(u)).not.toContain(`first-verified:${DEFAULT_CHALLENGE}`);
    const promote = (id: number) =>
      t.app.db
        .update(workouts)
        .set({ tier: 'recounted', verified: true })
        .where(eq(workouts.id, id));
    await Promise.all([promote(a.id), promote(b.id)]);
    // An update that does not make a set verified earns nothing more.
    await t.app.db.update(workouts).set({ notes: 'edited' }).where(eq(workouts.userId, u.id));
    const verified = (await mine(u)).badges.filter((x) => x.badge === 'first-verified');
    expect(verified).toMatchObject([{ challenge: DEFAULT_CHALLENGE, name: 'First verified set' }]);
  });

  it('earns top 10 of the all-time board of everyone, and not below ten better members', async () => {
    // A score far above the suite's others: first on the board.
    const top = await createUser(t.app);
    await createWorkout(t.app, top.id, { score: 900 });
    expect(await kinds(top)).toContain(`top-ten:${DEFAULT_CHALLENGE}`);
    for (let i = 0; i < 10; i++)
      await createWorkout(t.app, (await createUser(t.app)).id, { score: 800 + i });
    const low = await createUser(t.app);
    await createWorkout(t.app, low.id, { score: 700 });
    expect(await kinds(low)).not.toContain(`top-ten:${DEFAULT_CHALLENGE}`);
    // Tied with the tenth place (ties share it): in.
    const tied = await createUser(t.app);
    await createWorkout(t.app, tied.id, { score: 801 });
    expect(await kinds(tied)).toContain(`top-ten:${DEFAULT_CHALLENGE}`);
  });

  it('keeps every badge when later sets are deleted', async () => {
    const u = await createUser(t.app);
    const first = await save(u, { pushups: 10 });
    const better = await save(u, { pushups: 40 });
    expect(better.statusCode).toBe(201);
    const before = await kinds(u);
    expect(before).toEqual(
      expect.arrayContaining([`first-set:${DEFAULT_CHALLENGE}`, `new-best:${DEFAULT_CHALLENGE}`]),
    );
    for (const r of [better, first]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/workouts/${r.json().id}`,
        headers: u.headers,
      });
      expect(del.statusCode, del.body).toBe(204);
    }
    expect(await kinds(u)).toEqual(before);
    // Saving again earns nothing twice.
    await save(u, { pushups: 50 });
    expect(await kinds(u)).toEqual(before);
  });

  it('earns the 4-week streak once four Sunday-start weeks in a row met the goal, in the member zone', async () => {
    t.clock.set('2026-11-29T12:00:00Z');
    const u = await createUser(t.app, { weeklyGoal: 2, timeZone: 'America/New_York' });
    const sunday = Date.parse('2026-11-01T15:00:00Z'); // a Sunday afternoon in New York
    for (let w = 0; w < 3; w++) {
      await createWorkout(t.app, u.id, { createdAt: new Date(sunday + w * 7 * DAY) });
      await createWorkout(t.app, u.id, { createdAt: new Date(sunday + (w * 7 + 1) * DAY) });
    }
    // The fourth week: four sets in ten minutes are one session, not a goal of 2 met.
    for (let i = 0; i < 4; i++)
      await createWorkout(t.app, u.id, { createdAt: new Date(sunday + 21 * DAY + i * 150_000) });
    expect(await kinds(u)).not.toContain('week-streak-4:');
    // Saturday 28 November 23:30 in New York is Sunday 04:30Z: still the fourth week there.
    await createWorkout(t.app, u.id, { createdAt: new Date('2026-11-29T04:30:00Z') });
    const streak = (await mine(u)).badges.filter((b) => b.badge === 'week-streak-4');
    expect(streak).toMatchObject([{ challenge: null, name: '4-week streak' }]);
    await createWorkout(t.app, u.id, { createdAt: new Date('2026-11-29T11:00:00Z') });
    expect((await kinds(u)).filter((k) => k === 'week-streak-4:')).toHaveLength(1);
  });
});

describe('awardPlanFinished', () => {
  it('earns a badge per finished plan, once each', async () => {
    const u = await createUser(t.app);
    expect(await awardPlanFinished(t.app.db, u.id, 7, DEFAULT_CHALLENGE)).toBe(true);
    expect(await awardPlanFinished(t.app.db, u.id, 7, DEFAULT_CHALLENGE)).toBe(false);
    expect(await awardPlanFinished(t.app.db, u.id, 8, other.id)).toBe(true);
    const plans = (await mine(u)).badges.filter((b) => b.badge === 'plan-finished');
    expect(plans.map((b) => b.name).sort()).toEqual(
      [`Plan finished: ${title(DEFAULT_CHALLENGE)}`, `Plan finished: ${title(other.id)}`].sort(),
    );
  });
});

describe('streaks', () => {
  it("counts the day streak and the week streak in the member's stored zone", async () => {
    t.clock.set('2026-11-25T20:00:00Z'); // Wednesday 26 November 05:00 in Tokyo
    const u = await createUser(t.app, { weeklyGoal: 2, timeZone: 'Asia/Tokyo' });
    // Tokyo days 23 (Sunday), 24 and 25 November: today (the 26th) not done yet, still alive.
    for (const iso of [
      '2026-11-22T16:00:00Z',
      '2026-11-23T15:00:00Z',
      '2026-11-24T15:00:00Z',
      '2026-11-24T15:05:00Z',
    ]) {
      await createWorkout(t.app, u.id, { createdAt: new Date(iso) });
    }
    expect((await mine(u)).streaks).toEqual({ dayStreak: 3, weekStreak: 1 });
    // In UTC the same sets fall on the 22nd, 23rd and 24th; today is the 25th: alive, and the
    // Sunday 22nd begins the week there as well.
    await t.app.db.update(users).set({ timeZone: null }).where(eq(users.id, u.id));
    expect((await mine(u)).streaks).toEqual({ dayStreak: 3, weekStreak: 1 });
    // Two days later in UTC with no set: the day streak is over, the week's goal still met.
    t.clock.set('2026-11-27T01:00:00Z');
    expect((await mine(u)).streaks).toEqual({ dayStreak: 0, weekStreak: 1 });
  });

  it('does not count a hidden set', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { createdAt: new Date('2026-11-25T10:00:00Z') });
    expect((await mine(u)).streaks.dayStreak).toBe(1);
    await t.app.db.execute(
      `insert into hidden_workouts (workout_id, user_id, reason) values (${w.id}, ${u.id}, 'spam')` as never,
    );
    expect((await mine(u)).streaks.dayStreak).toBe(0);
  });
});

describe('GET /api/users/:username/achievements', () => {
  it('answers anyone for a public member, and 404 for a private one but to themselves', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id);
    const visitor = await t.app.inject({
      url: `/api/users/${u.username.toUpperCase()}/achievements`,
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect((visitor.json() as Achievements).badges.map((b) => b.badge)).toContain('first-set');

    const p = await createUser(t.app, { isPrivate: true });
    await createWorkout(t.app, p.id);
    const viewer = await createUser(t.app);
    for (const headers of [undefined, viewer.headers]) {
      const res = await t.app.inject({ url: `/api/users/${p.username}/achievements`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found.' });
    }
    const self = await t.app.inject({
      url: `/api/users/${p.username}/achievements`,
      headers: p.headers,
    });
    expect(self.statusCode).toBe(200);
    expect(self.headers['cache-control']).toBe('private, no-store');
    // The private member earns badges all the same (a new best without a place on the boards).
    await createWorkout(t.app, p.id, { score: 99 });
    const again = await t.app.inject({
      url: `/api/users/${p.username}/achievements`,
      headers: p.headers,
    });
    expect((again.json() as Achievements).badges.map((b) => b.badge).sort()).toEqual([
      'first-set',
      'new-best',
    ]);
    expect((await t.app.inject({ url: '/api/users/nobody-here/achievements' })).statusCode).toBe(
      404,
    );
  });

  it('asks for a session on my own', async () => {
    const res = await t.app.inject({ url: '/api/profile/achievements' });
    expect(res.statusCode).toBe(401);
  });
});

// The table is a plain key: a second insert of the same badge is refused by it.
describe('member_badges', () => {
  it('holds one row per member, badge and subject', async () => {
    const u = await createUser(t.app);
    await t.app.db.insert(memberBadges).values({ userId: u.id, badge: 'first-set', subject: 'x' });
    await expect(
      t.app.db.insert(memberBadges).values({ userId: u.id, badge: 'first-set', subject: 'x' }),
    ).rejects.toThrow();
    expect(workouts).toBeDefined();
  });
});
