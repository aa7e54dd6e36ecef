import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGE_GROUPS, ageGroupOf } from '@common/leaderboard';
import type { BoardFilter, Notification } from '@common/schemas/notifications';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { markRecounted } from '../../test/recounted';
import { setModerator } from '../moderation';

// "You dropped out of the top 10" of every board a member is on (docs/decisions/0274-top-10-of-every-board.md):
// the filtered and Verified boards, and boards changed by a deletion, a hidden set, a suspension
// or a recount, each through the route or the write that does it for real.

const t = useTestApp();

beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set('2026-06-17T15:00:00Z');
});

type Drop = [Notification['board'], BoardFilter | null];
async function drops(u: MadeUser): Promise<Drop[]> {
  const res = await t.app.inject({ url: '/api/notifications', headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<Notification[]>()
    .filter((n) => n.kind === 'dropped-top-10')
    .map((n): Drop => [n.board, n.boardFilter])
    .sort(byText);
}
const byText = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
const sorted = (d: Drop[]) => [...d].sort(byText);
const f = (ageGroup: BoardFilter['ageGroup'], gender: BoardFilter['gender'], verified = false) => ({
  ageGroup,
  gender,
  verified,
});
async function save(u: MadeUser, score: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: { score },
  });
  expect(res.statusCode, res.body).toBe(201);
  // A save's boards are checked by the fan-out job, which the app runs every 250 ms.
  await t.app.notificationJobs.drain();
  return res.json<{ id: number }>().id;
}
/** Members with a set each, scores from `from` up (the first is the lowest). */
async function members(n: number, from: number, values: Partial<typeof users.$inferInsert> = {}) {
  const made: { user: MadeUser; set: number }[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.app, values);
    made.push({ user, set: (await createWorkout(t.app, user.id, { pushups: from + i })).id });
  }
  return made;
}
async function moderate(action: string, target: object) {
  const mod = await createUser(t.app);
  await setModerator(t.app.db, mod.username, true);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    headers: mod.headers,
    payload: { action, target, reason: 'Checked' },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}
const count = async () =>
  (
    await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from notifications where kind = 'dropped-top-10'`,
    )
  )[0]!.n;

describe("a save's boards", () => {
  it('are checked by the fan-out job after the save, each board once for a batch of saves', async () => {
    const ten = await members(10, 50, { age: 35, gender: 'female' });
    await t.app.notificationJobs.drain();
    const newcomer = async (score: number) => {
      const u = await createUser(t.app, { age: 34, gender: 'female' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: u.headers,
        payload: { score },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Two saves, and no job yet: the saves' own transactions told nobody.
    await newcomer(90);
    await newcomer(91);
    expect(await count()).toBe(0);
    // One batch: the two lowest learn it once per board they left (unfiltered, band, gender, both).
    expect(await t.app.notificationJobs.drain()).toBe(2);
    for (const m of ten.slice(0, 2))
      expect(await drops(m.user)).toEqual(
        sorted([
          ['all_time', null],
          ['all_time', f(null, 'female')],
          ['all_time', f('30-39', null)],
          ['all_time', f('30-39', 'female')],
        ]),
      );
    for (const m of ten.slice(2)) expect(await drops(m.user)).toEqual([]);
    // Done once: another run finds nothing to do and tells nobody again.
    expect(await t.app.notificationJobs.drain()).toBe(0);
    expect(await count()).toBe(8);
  });
});

describe('filtered boards', () => {
  it("tells a member pushed out of their age band's and gender's boards", async () => {
    // The unfiltered top 10 is theirs; the women in their thirties are below it.
    await members(10, 100, { age: 25, gender: 'male' });
    const women = await members(10, 50, { age: 35, gender: 'female' });
    // Hides age and gender: on the unfiltered board only.
    await members(1, 40, { age: 36, gender: 'female', showAgeGender: false });
    expect(await count()).toBe(0);

    await save(await createUser(t.app, { age: 33, gender: 'female' }), 70);
    expect(await drops(women[0]!.user)).toEqual(
      sorted([
        ['all_time', f(null, 'female')],
        ['all_time', f('30-39', null)],
        ['all_time', f('30-39', 'female')],
      ]),
    );
    for (const w of women.slice(1)) expect(await drops(w.user)).toEqual([]);

    // A man in his thirties pushes the lowest out of the band's board alone.
    await save(await createUser(t.app, { age: 31, gender: 'male' }), 71);
    expect(await drops(women[1]!.user)).toEqual([['all_time', f('30-39', null)]]);
    // Nothing moved: nobody is told again.
    await save(women[5]!.user, 52);
    expect(await count()).toBe(4);
  });

  it('a member who moves to another band left the old board: not told', async () => {
    await members(10, 200, { age: 25, gender: 'female' });
    const band = await members(10, 50, { age: 45, gender: 'male' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: band[0]!.user.headers,
      payload: { age: 51 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Two more in the band: eleven on its board, the lowest still in it is pushed out.
    await save(await createUser(t.app, { age: 44, gender: 'female' }), 90);
    await save(await createUser(t.app, { age: 41, gender: 'female' }), 91);
    expect(await drops(band[0]!.user)).toEqual([]);
    expect(await drops(band[1]!.user)).toEqual([['all_time', f('40-49', null)]]);
  });
});

describe('a set leaves or enters a board', () => {
  it('hidden and shown again, suspended and let back: the one pushed out each time is told', async () => {
    const board = await members(10, 50);
    const [eleventh] = await members(1, 49);
    const top = board[9]!;
    // Hidden: the eleventh comes in (nobody dropped).
    await moderate('hide-workout', { kind: 'workout', workoutId: top.set });
    expect(await count()).toBe(0);
    // Shown again: it pushes the eleventh out.
    await moderate('unhide-workout', { kind: 'workout', workoutId: top.set });
    expect(await drops(eleventh!.user)).toEqual([['all_time', null]]);
    // Suspended, then let back: out again, a second drop.
    await moderate('suspend', { kind: 'member', username: top.user.username });
    await moderate('lift-suspension', { kind: 'member', username: top.user.username });
    expect(await drops(eleventh!.user)).toEqual([
      ['all_time', null],
      ['all_time', null],
    ]);
    expect(await count()).toBe(2);
  });

  it('a deletion lets the next one in, who is told when pushed out later', async () => {
    const board = await members(10, 50);
    const [eleventh] = await members(1, 49);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workouts/${board[5]!.set}`,
      headers: board[5]!.user.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    await save(await createUser(t.app), 80);
    expect(await drops(eleventh!.user)).toEqual([['all_time', null]]);
  });
});

describe('Verified boards', () => {
  it('a recount that makes a set verified pushes the lowest verified set out', async () => {
    // Unverified sets far above: the unfiltered boards are theirs.
    await members(10, 200, { age: 28, gender: 'female' });
    const verified: MadeUser[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.app, { age: 28, gender: 'female' });
      verified.push(u);
      await createWorkout(t.app, u.id, { pushups: 50 + i, verified: true });
    }
    const y = await createUser(t.app, { age: 29, gender: 'male' });
    const set = await createWorkout(t.app, y.id, { pushups: 70, tier: 'camera-counted' });
    expect(await count()).toBe(0);
    await markRecounted(t.app.db, set.id);
    expect(await drops(verified[0]!)).toEqual(
      sorted([
        ['all_time', f(null, null, true)],
        ['all_time', f('20-29', null, true)],
      ]),
    );
    // The recount again changes nothing.
    await markRecounted(t.app.db, set.id);
    await t.app.db.execute(sql`update workouts set notes = 'again' where id = ${set.id}`);
    expect(await count()).toBe(2);
  });

  it("a verified set saved for later is checked by the job's t10_check_sets, on its Verified boards", async () => {
    const verified: MadeUser[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.app, { age: 35, gender: 'male' });
      verified.push(u);
      await createWorkout(t.app, u.id, { pushups: 50 + i, verified: true });
    }
    const y = await createUser(t.app, { age: 36, gender: 'male' });
    // As save_batch does: the save's own statement leaves its boards to the fan-out job.
    const id = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('fitbench.top10_later', 'on', true)`);
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into workouts (user_id, score, tier, verified, created_at, received_at)
          values (${y.id}, 70, 'recounted', true, now(), now()) returning id`,
      );
      return row!.id;
    });
    expect(await count()).toBe(0);
    await t.app.db.execute(sql`select t10_check_sets(array[${id}]::int[])`);
    // Out of the top 10 of every all-time board both are on: the set is also its member's best.
    const boards = [f(null, null), f('30-39', null), f(null, 'male'), f('30-39', 'male')];
    expect(await drops(verified[0]!)).toEqual(
      sorted(
        boards.flatMap((b): Drop[] => [
          ['all_time', b.ageGroup || b.gender ? b : null],
          ['all_time', { ...b, verified: true }],
        ]),
      ),
    );
  });
});

describe('the bands in SQL', () => {
  it("are common/leaderboard.ts's age groups", async () => {
    const rows = await rowsOf<{ age: number; band: string | null; inside: boolean }>(
      t.app.db,
      sql`select a as age, t10_band(a) as band,
          a between t10_band_min(t10_band(a)) and coalesce(t10_band_max(t10_band(a)), 1000) as inside
        from generate_series(0, 120) a`,
    );
    for (const r of rows) {
      expect(r.band, String(r.age)).toBe(ageGroupOf(r.age));
      expect(r.inside, String(r.age)).toBe(true);
    }
    const bounds = await rowsOf<{ band: string; min: number; max: number | null }>(
      t.app.db,
      sql`select b as band, t10_band_min(b) as min, t10_band_max(b) as max
        from unnest(string_to_array(${AGE_GROUPS.map((g) => g.id).join(',')}, ',')) b`,
    );
    expect(bounds.map((b) => [b.band, b.min, b.max ?? Number.POSITIVE_INFINITY])).toEqual(
      AGE_GROUPS.map((g) => [g.id, g.min, g.max]),
    );
  });
});
