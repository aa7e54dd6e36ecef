import { describe, expect, it } from 'vitest';
import { CHALLENGES, openChallenges, type OpenChallenge } from '@common/challenges';
import type { Standing } from '@common/schemas/standing';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { readStanding } from './standing.service';

// Where you stand as the server runs it: the challenge's counts kept in the board cache, dropped
// with the challenge's boards (standing.service.ts). Every answer equals a fresh read.
const cache = new BoardCache();
const t = useTestApp({}, { boardCache: cache });
const push = openChallenges(CHALLENGES)[0] as OpenChallenge;

const viaRoute = async (user: MadeUser) => {
  const res = await t.app.inject({
    url: `/api/challenges/${push.id}/standing`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Standing;
};
const fresh = async (user: MadeUser, age: number, gender: string) =>
  JSON.parse(JSON.stringify(await readStanding(t.app.db, { id: user.id, age, gender }, push)));

describe('where you stand, with the counts cached', () => {
  it('answers as a fresh read, before and after other members and the member save', async () => {
    const who = { age: 34, gender: 'female' };
    const members: MadeUser[] = [];
    for (let i = 0; i < 31; i++) {
      const u = await createUser(t.app, who);
      await createWorkout(t.app, u.id, { pushups: 10 + i });
      members.push(u);
    }
    const me = members[10]!;
    const first = await viaRoute(me);
    expect(first).toEqual(await fresh(me, who.age, who.gender));
    expect(first.groups[0]!.members).toBe(31);
    // Asked again: the same (now from the cache).
    expect(await viaRoute(me)).toEqual(first);

    // Another member's save through the API drops the cached counts.
    const late = await createUser(t.app, who);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: late.headers,
      payload: { pushups: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const second = await viaRoute(me);
    expect(second.groups[0]!.members).toBe(32);
    expect(second).toEqual(await fresh(me, who.age, who.gender));

    // My own new best is placed among the counts that include it.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: me.headers,
      payload: { pushups: 60 },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const third = await viaRoute(me);
    expect(third.score).toBe(60);
    expect(third).toEqual(await fresh(me, who.age, who.gender));
    expect(third.groups[0]!.betterThan).not.toEqual(second.groups[0]!.betterThan);
  });
});
