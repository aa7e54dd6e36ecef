import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AGE_GROUPS,
  leaderboardQuerySchema,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardQueryInput,
} from '@common/schemas/leaderboard';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { boardArgs, getBoard, toBoardText } from './leaderboard.service';
import {
  getMemberSetBoardJson,
  getMemberSetStanding,
  memberIds,
  type MemberSet,
} from './member-set-board';
import { periodRange } from './period';
import { fillPeriods } from './period-fill';

// The engine behind the following and club boards (section 10 of server/src/db/sql/leaderboard.sql),
// checked against a reference written here in plain TypeScript from the rules of the global board:
// each member's best set (higher score, then received first, then lower id), ranks 1 + the set's
// members above (ties share), filters narrowing the rows only, Verified only reading verified sets.
// No background fill: the tests choose when a period is complete.
const t = useTestApp({ periodFillBatch: 0 });

const NOW = '2026-06-17T15:00:00Z'; // a Wednesday
beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

interface Person {
  user: MadeUser;
  age: number | null;
  gender: string | null;
  show: boolean;
  private: boolean;
}
interface Sample {
  id: number;
  userId: number;
  score: number;
  createdAt: Date;
  receivedAt: Date;
  verified: boolean;
}

const PERIODS: LeaderboardPeriod[] = ['today', 'week', 'month', 'all_time'];
const query = (q: LeaderboardQueryInput = {}) => leaderboardQuerySchema.parse({ limit: 500, ...q });

async function setBoard(
  members: MemberSet,
  period: LeaderboardPeriod,
  q: LeaderboardQueryInput = {},
) {
  const args = boardArgs(period, query(q), t.clock.now);
  const { entries } = await getMemberSetBoardJson(t.app.db, args, members);
  return JSON.parse(toBoardText(entries).json) as LeaderboardEntry[];
}

/** What the board over `ids` must be, worked out from the sets themselves. */
function expected(
  people: Person[],
  sets: Sample[],
  ids: number[],
  period: LeaderboardPeriod,
  q: LeaderboardQueryInput = {},
) {
  const { start, end } = periodRange(period, t.clock.now, 'UTC');
  const parsed = query(q);
  const band = AGE_GROUPS.find((g) => g.id === parsed.ageGroup);
  const bests = people
    .filter((p) => ids.includes(p.user.id))
    .flatMap((p) => {
      const mine = sets
        .filter(
          (s) =>
            s.userId === p.user.id &&
            (!start || s.createdAt >= start) &&
            (!end || s.createdAt < end) &&
            (s.verified || !parsed.verified),
        )
        .sort(
          (a, b) =>
            b.score - a.score || a.receivedAt.getTime() - b.receivedAt.getTime() || a.id - b.id,
        );
      return mine[0] ? [{ p, s: mine[0] }] : [];
    })
    .sort(
      (a, b) =>
        b.s.score - a.s.score ||
        a.s.receivedAt.getTime() - b.s.receivedAt.getTime() ||
        a.s.id - b.s.id,
    );
  return bests
    .map(({ p, s }) => ({
      id: s.id,
      username: p.user.username,
      rank: 1 + bests.filter((o) => o.s.score > s.score).length,
      age: p.show ? p.age : null,
      gender: p.show ? p.gender : null,
    }))
    .filter(
      (e) =>
        (!band || (e.age !== null && e.age >= band.min && e.age <= band.max)) &&
        (parsed.gender === 'all' || e.gender === parsed.gender),
    );
}
const shape = (rows: LeaderboardEntry[]) =>
  rows.map(({ id, username, rank, age, gender }) => ({ id, username, rank, age, gender }));

/** 14 members of all kinds with sets across periods, ties, verified and not. */
async function population() {
  const people: Person[] = [];
  const sets: Sample[] = [];
  for (let i = 0; i < 14; i++) {
    const age = i % 5 === 4 ? null : 18 + ((i * 7) % 50);
    const gender = i % 3 === 0 ? 'female' : i % 3 === 1 ? 'male' : null;
    const show = i % 6 !== 5;
    const isPrivate = i % 7 === 3;
    const user = await createUser(t.app, {
      username: `m${String(i).padStart(2, '0')}`,
      age,
      gender,
      showAgeGender: show,
      isPrivate,
    });
    people.push({ user, age, gender, show, private: isPrivate });
    // Days back: today, this week, earlier this month, last month. Scores collide on purpose.
    for (const [j, daysBack] of [0, 2, 10, 40].entries()) {
      if ((i + j) % 4 === 3) continue;
      const createdAt = new Date(Date.parse(NOW) - daysBack * 86_400_000 - (i + 1) * 60_000);
      const score = 20 + ((i * 3 + j * 5) % 9) * 5;
      const w = await createWorkout(t.app, user.id, {
        pushups: score,
        createdAt,
        // Some ties are broken by when the server received the set, not by when it was done.
        receivedAt: new Date(createdAt.getTime() + ((i * 13) % 5) * 3_600_000),
        verified: (i + j) % 3 === 0,
      });
      sets.push({
        id: w.id,
        userId: user.id,
        score,
        createdAt,
        receivedAt: w.receivedAt,
        verified: w.verified,
      });
    }
  }
  return { people, sets };
}

const FILTERS: LeaderboardQueryInput[] = [
  {},
  { ageGroup: '20-29' },
  { gender: 'female' },
  { ageGroup: '30-39', gender: 'male' },
  { verified: 'true' },
  { verified: 'true', gender: 'female' },
];

describe('the board over a set of members (lb_set_board)', () => {
  it('ranks exactly the members of the set, every period, filter and Verified only, while a period fills and once it is complete', async () => {
    const { people, sets } = await population();
    const ids = people.filter((_, i) => i % 2 === 0 || i === 3).map((p) => p.user.id);
    const set = memberIds(ids);
    // First reads: the calendar periods are registered by the read and read from workouts.
    for (const stage of ['filling', 'complete']) {
      for (const period of PERIODS)
        for (const f of FILTERS)
          expect(
            shape(await setBoard(set, period, f)),
            `${stage} ${period} ${JSON.stringify(f)}`,
          ).toEqual(expected(people, sets, ids, period, f));
      await fillPeriods(t.app.db);
    }
    const [row] = await rowsOf<{ filling: number }>(
      t.app.db,
      sql`select count(*)::int as filling from leaderboard_periods where fill_cursor is not null`,
    );
    expect(row!.filling).toBe(0);
  });

  it('over every public member is the global board, entry for entry', async () => {
    const { people } = await population();
    await fillPeriods(t.app.db);
    const everyone = memberIds(people.filter((p) => !p.private).map((p) => p.user.id));
    for (const period of PERIODS)
      for (const f of FILTERS) {
        const global = await getBoard(t.app.db, period, query(f), t.clock.now);
        // "Awaiting review" marks the global Verified board's top three only.
        const entries = global.map(({ awaitingReview: _, ...e }) => e);
        expect(await setBoard(everyone, period, f), `${period} ${JSON.stringify(f)}`).toEqual(
          entries,
        );
      }
  });

  it('keeps up with saves, deletes and profile changes (the bests they come from)', async () => {
    const { people, sets } = await population();
    await fillPeriods(t.app.db);
    const ids = people.slice(0, 8).map((p) => p.user.id);
    const set = memberIds(ids);
    const p0 = people[0]!;
    const w = await createWorkout(t.app, p0.user.id, { pushups: 300, createdAt: new Date(NOW) });
    sets.push({
      id: w.id,
      userId: p0.user.id,
      score: 300,
      createdAt: w.createdAt,
      receivedAt: w.receivedAt,
      verified: false,
    });
    expect(shape(await setBoard(set, 'today'))).toEqual(expected(people, sets, ids, 'today'));
    expect((await setBoard(set, 'today'))[0]!.id).toBe(w.id);
    await t.app.db.execute(sql`delete from workouts where id = ${w.id}`);
    sets.pop();
    expect(shape(await setBoard(set, 'today'))).toEqual(expected(people, sets, ids, 'today'));
    // Going private or public: the member stays on a set that holds them (the caller decides).
    await t.app.db.execute(
      sql`update users set is_private = true, age = 33 where id = ${people[1]!.user.id}`,
    );
    Object.assign(people[1]!, { private: true, age: 33 });
    await t.app.db.execute(
      sql`update users set is_private = false where id = ${people[3]!.user.id}`,
    );
    people[3]!.private = false;
    for (const period of PERIODS)
      expect(shape(await setBoard(set, period, { ageGroup: '30-39' }))).toEqual(
        expected(people, sets, ids, period, { ageGroup: '30-39' }),
      );
  });

  it('gives limit entries, an empty board for an empty set, and the push-up key on push-ups only', async () => {
    const { people, sets } = await population();
    const ids = people.map((p) => p.user.id);
    expect(shape(await setBoard(memberIds(ids), 'all_time', { limit: 3 }))).toEqual(
      expected(people, sets, ids, 'all_time').slice(0, 3),
    );
    expect(await setBoard(memberIds([]), 'all_time')).toEqual([]);
    const [top] = await setBoard(memberIds(ids), 'all_time');
    expect(top!.pushups).toBe(top!.score);
    const plank = await createWorkout(t.app, people[0]!.user.id, {
      challenge: 'plank-drop',
      score: 95,
    });
    const [hold] = await setBoard(memberIds(ids), 'all_time', { challenge: 'plank-drop' });
    expect(hold).toMatchObject({ id: plank.id, score: 95, rank: 1 });
    expect(hold).not.toHaveProperty('pushups');
  });

  it("gives a member's standing in the set, in it or not", async () => {
    const { people, sets } = await population();
    const ids = people.slice(0, 10).map((p) => p.user.id);
    for (const stage of ['filling', 'complete']) {
      for (const period of PERIODS)
        for (const verified of ['false', 'true'] as const)
          for (const p of people) {
            const q = query({ verified });
            const { me } = await getMemberSetStanding(
              t.app.db,
              p.user.id,
              period,
              q,
              t.clock.now,
              memberIds(ids),
            );
            // Their place: among the set and themselves.
            const board = expected(people, sets, [...new Set([...ids, p.user.id])], period, {
              verified,
            });
            const mine = board.find((e) => e.username === p.user.username);
            expect(
              me && { id: me.id, rank: me.rank },
              `${stage} ${period} ${verified} ${p.user.username}`,
            ).toEqual(mine ? { id: mine.id, rank: mine.rank } : null);
          }
      await fillPeriods(t.app.db);
    }
  });

  it('refuses an id that is not a whole number', () => {
    expect(() => memberIds([1, 2.5])).toThrow(TypeError);
  });
});
