import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, catalogueWith } from '@common/challenges';
import { AGE_GROUPS, ageGroupOf } from '@common/leaderboard';
import type { Standing } from '@common/schemas/standing';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// Every challenge open, so the plank's norms and a closed challenge can both be tried.
const [push, , , , plank] = CATALOGUE;
const t = useTestApp({
  challenges: catalogueWith(CATALOGUE.filter((c) => c.id !== CATALOGUE[1]!.id).map((c) => c.id)),
});
const closed = CATALOGUE[1]!.id;

const standing = async (user: MadeUser, challenge = push!.id, query = '') => {
  const res = await t.app.inject({
    url: `/api/challenges/${challenge}/standing${query}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as Standing;
};

/** `n` members of this age and gender, with one set each of the given scores (1..n by default). */
async function cohort(
  n: number,
  who: { age: number; gender: string },
  score = (i: number) => i + 1,
  extra = {},
) {
  const made: MadeUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(t.app, { ...who, ...extra });
    await createWorkout(t.app, u.id, { pushups: score(i) });
    made.push(u);
  }
  return made;
}

/** The counts equal a count made from scratch over every set (what migration 0027 fills). */
async function expectCountsExact() {
  const kept = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`select challenge, verified, band, gender, rank_value, members from standing_counts where members <> 0
        order by 1, 2, 3, 4, 5`,
  );
  const fresh = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`select challenge, verified, band, gender, rank_value, count(*)::int as members from (
          select distinct on (w.user_id, w.challenge, v.verified) w.challenge, v.verified, st_band(u.age) as band,
            st_gender(u.gender) as gender, w.rank_value
          from workouts w join users u on u.id = w.user_id and u.suspended_at is null
          cross join (values (false), (true)) v(verified)
          where (w.verified or not v.verified)
            and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)
          order by w.user_id, w.challenge, v.verified, w.rank_value desc
        ) b group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  );
  expect(kept).toEqual(fresh);
}

const narrow = (s: Standing) => s.groups[0]!;

describe('GET /api/challenges/:id/standing', () => {
  it('places a best among its age band and gender, and a score asked about', async () => {
    const women = await cohort(30, { age: 34, gender: 'female' });
    const top = await standing(women[29]!);
    expect(top).toMatchObject({
      score: 30,
      isBest: true,
      ageGroup: '30-39',
      gender: 'female',
      minMembers: 30,
    });
    expect(narrow(top)).toMatchObject({
      label: 'women 30-39',
      members: 30,
      betterThan: 100,
      verified: null,
    });
    expect(top.groups.map((g) => g.label)).toEqual([
      'women 30-39',
      'members 30-39',
      'women',
      'all members',
    ]);
    // The labels in the language asked for (common/standing.ts says them).
    const inLang = async (lang: string) =>
      (
        await t.app.inject({
          url: `/api/challenges/${push!.id}/standing`,
          headers: { ...women[29]!.headers, 'accept-language': lang },
        })
      )
        .json<Standing>()
        .groups.map((g) => g.label);
    expect(await inLang('de')).toEqual([
      'Frauen 30–39',
      'Mitglieder 30–39',
      'Frauen',
      'alle Mitglieder',
    ]);
    expect(await inLang('es')).toEqual([
      'mujeres de 30 a 39',
      'miembros de 30 a 39',
      'mujeres',
      'todos los miembros',
    ]);
    // 16 push-ups: 15 of the 29 others are below.
    expect(narrow(await standing(women[15]!)).betterThan).toBe(Math.floor((100 * 15) / 29));
    // Asking about 20: 1..19 are below, the member's own 16 among them does not count.
    const asked = await standing(women[15]!, push!.id, '?score=20');
    expect(asked).toMatchObject({ score: 20, isBest: false });
    expect(narrow(asked).betterThan).toBe(Math.floor((100 * 18) / 29));
    // The lowest is better than nobody.
    expect(narrow(await standing(women[0]!)).betterThan).toBe(0);
    await expectCountsExact();
  });

  it('shows a group from 30 members: 29 is not enough', async () => {
    const men = await cohort(29, { age: 44, gender: 'male' });
    expect(narrow(await standing(men[0]!))).toMatchObject({ members: 29, betterThan: null });
    await cohort(1, { age: 41, gender: 'male' }, () => 100);
    expect(narrow(await standing(men[28]!))).toMatchObject({
      members: 30,
      betterThan: Math.floor((100 * 28) / 29),
    });
  });

  it('gives the verified line only when the group has 30 verified members', async () => {
    const who = { age: 24, gender: 'female' };
    const made: MadeUser[] = [];
    for (let i = 0; i < 30; i++) {
      const u = await createUser(t.app, who);
      await createWorkout(t.app, u.id, { pushups: 10 + i, verified: i > 0 });
      // A better unverified set: the verified best stays the verified one.
      await createWorkout(t.app, u.id, { pushups: 50 + i });
      made.push(u);
    }
    const first = narrow(await standing(made[29]!));
    expect(first.members).toBe(30);
    expect(first.verified).toEqual({ members: 29, betterThan: null });
    // A member without a verified set has no verified line.
    expect(narrow(await standing(made[0]!)).verified).toBeNull();
    await t.database.db.execute(
      sql`update workouts set verified = true where user_id = ${made[0]!.id} and score = 10`,
    );
    const now = narrow(await standing(made[29]!));
    expect(now.verified).toEqual({ members: 30, betterThan: 100 });
    expect(now.betterThan).toBe(100);
    await expectCountsExact();
  });

  it('counts a private member (never named) and leaves suspended members and hidden sets out', async () => {
    const who = { age: 55, gender: 'male' };
    const men = await cohort(29, who);
    const hidden = await createUser(t.app, { ...who, isPrivate: true });
    const set = await createWorkout(t.app, hidden.id, { pushups: 200 });
    const seen = narrow(await standing(men[0]!));
    expect(seen.members).toBe(30);
    expect(JSON.stringify(await standing(men[0]!))).not.toContain(hidden.username);
    // The private member's own answer works too.
    expect(narrow(await standing(hidden)).betterThan).toBe(100);

    await t.database.db.execute(
      sql`insert into hidden_workouts (workout_id, user_id, reason) values (${set.id}, ${hidden.id}, 'test')`,
    );
    expect(narrow(await standing(men[0]!)).members).toBe(29);
    expect(await standing(hidden)).toMatchObject({ score: null, groups: [] });
    await t.database.db.execute(sql`delete from hidden_workouts where workout_id = ${set.id}`);
    expect(narrow(await standing(men[0]!)).members).toBe(30);

    await t.database.db.execute(
      sql`update users set suspended_at = now(), suspended_reason = 'test' where id = ${men[5]!.id}`,
    );
    expect(narrow(await standing(men[0]!)).members).toBe(29);
    await t.database.db.execute(
      sql`update users set suspended_at = null, suspended_reason = null where id = ${men[5]!.id}`,
    );
    expect(narrow(await standing(men[0]!)).members).toBe(30);
    await expectCountsExact();
  });

  it('follows a deleted set, an edited score and a birthday into another band', async () => {
    const u = await createUser(t.app, { age: 19, gender: 'male' });
    const best = await createWorkout(t.app, u.id, { pushups: 40 });
    await createWorkout(t.app, u.id, { pushups: 25 });
    expect((await standing(u)).score).toBe(40);
    await t.database.db.execute(sql`delete from workouts where id = ${best.id}`);
    expect((await standing(u)).score).toBe(25);
    await t.database.db.execute(sql`update workouts set score = 27 where user_id = ${u.id}`);
    expect((await standing(u)).score).toBe(27);
    await t.database.db.execute(sql`update users set age = 20 where id = ${u.id}`);
    expect((await standing(u)).ageGroup).toBe('20-29');
    await expectCountsExact();
    await t.database.db.execute(sql`delete from workouts where user_id = ${u.id}`);
    expect(await standing(u)).toMatchObject({ score: null, groups: [], norms: [] });
    await expectCountsExact();
  });

  it('keeps the counts exact under concurrent saves and deletes', async () => {
    const members = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUser(t.app, { age: 60 + i, gender: i % 2 ? 'male' : 'female' }),
      ),
    );
    const saves = members.flatMap((m, i) =>
      Array.from({ length: 6 }, (_, k) =>
        createWorkout(t.app, m.id, { pushups: 1 + ((i * 7 + k * 13) % 40), verified: k % 3 === 0 }),
      ),
    );
    const made = await Promise.all(saves);
    await Promise.all([
      ...made
        .filter((_, i) => i % 5 === 0)
        .map((w) => t.database.db.execute(sql`delete from workouts where id = ${w.id}`)),
      ...members.map((m) => createWorkout(t.app, m.id, { pushups: 45 })),
    ]);
    await expectCountsExact();
  });

  it('gives the bands of the norms the challenge declares, marked as a guide where the test differs', async () => {
    const u = await createUser(t.app, { age: 33, gender: 'male' });
    await createWorkout(t.app, u.id, { pushups: 20 });
    const s = await standing(u);
    expect(s.norms).toEqual([
      expect.objectContaining({
        norm: 'csep-push-ups',
        name: 'CSEP',
        band: 'Good',
        group: 'men 30-39',
        guide: true,
      }),
    ]);
    const p = await createUser(t.app, { age: 22, gender: 'female' });
    await createWorkout(t.app, p.id, { challenge: plank!.id, score: 95 });
    const held = await standing(p, plank!.id);
    expect(held.norms.map((n) => [n.name, n.band, n.group, n.guide])).toEqual([
      ['Linfield', '50th-75th percentile', 'women 18-25', false],
      ['USMC', 'Passing', 'everyone', false],
    ]);
  });

  it('answers 401 to visitors, 404 for a closed or unknown challenge and 400 for a bad score', async () => {
    const u = await createUser(t.app);
    expect((await t.app.inject({ url: `/api/challenges/${push!.id}/standing` })).statusCode).toBe(
      401,
    );
    for (const id of [closed, 'no-such-challenge']) {
      const res = await t.app.inject({ url: `/api/challenges/${id}/standing`, headers: u.headers });
      expect(res.statusCode).toBe(404);
    }
    for (const q of [
      '?score=abc',
      '?score=0',
      '?score=301',
      '?capped=true',
      '?score=5&capped=true',
      '?score=1.5',
    ]) {
      const res = await t.app.inject({
        url: `/api/challenges/${push!.id}/standing${q}`,
        headers: u.headers,
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await standing(u)).toMatchObject({ score: null, groups: [], norms: [] });
  });

  it('bands ages as common/leaderboard.ts does (st_band)', async () => {
    const ages = [
      null,
      0,
      ...AGE_GROUPS.flatMap((g) => [g.min, Number.isFinite(g.max) ? g.max : 120]),
    ];
    for (const age of ages) {
      const [row] = await rowsOf<{ band: string }>(
        t.database.db,
        sql`select st_band(${age}::int) as band`,
      );
      expect(row!.band, String(age)).toBe(ageGroupOf(age) ?? '');
    }
  });
});
