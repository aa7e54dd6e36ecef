import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FollowEntry } from '@common/schemas/follows';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import type { PublicProfile } from '@common/schemas/profile';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';

// With the board cache on, as the server runs: the profiles it keeps must show new counts at once.
const t = useTestApp({}, { boardCache: new BoardCache() });

const NOW = '2026-06-17T15:00:00Z'; // a Wednesday
beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

const json = { 'content-type': 'application/json' };
const followReq = (u: MadeUser | null, name: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/following/${name}`, headers: u?.headers ?? {} });
async function follow(u: MadeUser, ...others: MadeUser[]) {
  for (const o of others) {
    const res = await followReq(u, o.username);
    expect(res.statusCode, res.body).toBe(204);
  }
}
async function list(u: MadeUser, which: 'following' | 'followers', query = '') {
  const res = await t.app.inject({ url: `/api/${which}${query}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return {
    rows: res.json<FollowEntry[]>(),
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}
const names = (rows: { username: string }[]) => rows.map((r) => r.username);
async function profile(name: string, viewer?: MadeUser) {
  const res = await t.app.inject({ url: `/api/users/${name}`, headers: viewer?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicProfile>();
}
async function board(u: MadeUser | null, period = 'today', query = '') {
  const res = await t.app.inject({
    url: `/api/leaderboard/${period}?scope=following${query}`,
    headers: u?.headers ?? {},
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<LeaderboardEntry[]>();
}
async function me(u: MadeUser, period = 'today', query = '') {
  const res = await t.app.inject({
    url: `/api/leaderboard/${period}/me?${query}`,
    headers: u.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rank: number; score: number } | null>();
}
const lift = (u: MadeUser, pushups: number, iso: string, verified = false) =>
  createWorkout(t.app, u.id, { pushups, createdAt: new Date(iso), verified });
const setPrivate = (u: MadeUser, isPrivate: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { ...u.headers, ...json },
    payload: JSON.stringify({ isPrivate }),
  });

describe('PUT and DELETE /api/following/:username', () => {
  it('follows and unfollows a public member; again changes nothing', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await follow(a, b);
    await follow(a, b);
    // Case does not matter, as for profiles.
    expect((await followReq(a, b.username.toUpperCase())).statusCode).toBe(204);
    expect(names((await list(a, 'following')).rows)).toEqual([b.username]);
    expect(names((await list(b, 'followers')).rows)).toEqual([a.username]);
    expect((await followReq(a, b.username, 'DELETE')).statusCode).toBe(204);
    expect((await followReq(a, b.username, 'DELETE')).statusCode).toBe(204);
    expect((await list(a, 'following')).rows).toEqual([]);
    expect((await list(b, 'followers')).rows).toEqual([]);
  });

  it('refuses visitors (401), oneself (400), unknown and private members (404), bad names (400)', async () => {
    const a = await createUser(t.app);
    const hidden = await createUser(t.app, { isPrivate: true });
    for (const method of ['PUT', 'DELETE'] as const) {
      const visitor = await followReq(null, a.username, method);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ message: 'You need to sign in to do that.' });
      const self = await followReq(a, a.username, method);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: 'You cannot follow yourself.' });
      for (const name of [hidden.username, 'nobody-here']) {
        const res = await followReq(a, name, method);
        expect(res.statusCode, name).toBe(404);
        expect(res.json()).toEqual({ message: 'User not found.' });
      }
      const bad = await followReq(a, 'bad*name', method);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    // A private member's own follow works (they may follow others).
    await follow(hidden, a);
    expect(names((await list(hidden, 'following')).rows)).toEqual([a.username]);
    for (const which of ['following', 'followers']) {
      const res = await t.app.inject({ url: `/api/${which}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('GET /api/following and /api/followers', () => {
  it('lists newest first, in pages, with public fields only', async () => {
    const a = await createUser(t.app, { fullName: 'Ann Able' });
    const others: MadeUser[] = [];
    for (let i = 0; i < 5; i++) {
      others.push(
        await createUser(t.app, { profilePicture: i === 0 ? '/avatars/stock-1.svg' : null }),
      );
    }
    for (const [i, o] of others.entries()) {
      t.clock.set(new Date(Date.parse(NOW) + i * 1000));
      await follow(a, o);
      await follow(o, a);
    }
    const newestFirst = names([...others].reverse());
    const first = await list(a, 'following', '?limit=2');
    expect(names(first.rows)).toEqual(newestFirst.slice(0, 2));
    const second = await list(a, 'following', `?limit=2&cursor=${first.next}`);
    expect(names(second.rows)).toEqual(newestFirst.slice(2, 4));
    const third = await list(a, 'following', `?limit=2&cursor=${second.next}`);
    expect(names(third.rows)).toEqual(newestFirst.slice(4));
    expect(third.next).toBeUndefined();
    const followers = await list(a, 'followers');
    expect(names(followers.rows)).toEqual(newestFirst);
    expect(Object.keys(followers.rows[0]!).sort()).toEqual([
      'fullName',
      'profilePicture',
      'since',
      'username',
    ]);
    const ofA = await list(others[0]!, 'followers');
    expect(ofA.rows).toEqual([
      {
        username: a.username,
        fullName: 'Ann Able',
        profilePicture: null,
        since: expect.any(String),
      },
    ]);
    for (const q of ['?limit=0', '?limit=201', '?limit=x', '?cursor=abc', '?cursor=']) {
      const res = await t.app.inject({ url: `/api/following${q}`, headers: a.headers });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('leaves out a member who goes private (back when public again) or is deleted', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    await follow(a, b, c);
    await follow(b, a);
    await follow(c, a);
    expect((await setPrivate(b, true)).statusCode).toBe(200);
    expect(names((await list(a, 'following')).rows)).toEqual([c.username]);
    expect(names((await list(a, 'followers')).rows)).toEqual([c.username]);
    expect(await profile(a.username)).toMatchObject({ followers: 1, following: 1 });
    // Their own lists are still theirs.
    expect(names((await list(b, 'following')).rows)).toEqual([a.username]);
    expect((await setPrivate(b, false)).statusCode).toBe(200);
    expect(names((await list(a, 'following')).rows).sort()).toEqual(
      [b.username, c.username].sort(),
    );
    await deleteUser(t.app, c.id);
    expect(names((await list(a, 'following')).rows)).toEqual([b.username]);
    expect(names((await list(a, 'followers')).rows)).toEqual([b.username]);
    const [left] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from follows where ${c.id} in (follower_id, followee_id)`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('the public profile', () => {
  it('counts followers and following, and tells a signed-in viewer whether they follow', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    // Read first, so the cached profile must be dropped by the follows below.
    expect(await profile(a.username)).toMatchObject({ followers: 0, following: 0 });
    expect((await profile(a.username, b)).followedByYou).toBe(false);
    await follow(b, a);
    await follow(c, a);
    await follow(a, c);
    const seen = await profile(a.username);
    expect(seen).toMatchObject({ followers: 2, following: 1 });
    expect(seen).not.toHaveProperty('followedByYou');
    expect((await profile(a.username, b)).followedByYou).toBe(true);
    expect(await profile(a.username, a)).not.toHaveProperty('followedByYou');
    expect((await followReq(b, a.username, 'DELETE')).statusCode).toBe(204);
    expect(await profile(a.username, b)).toMatchObject({ followers: 1, followedByYou: false });
  });
});

describe('GET /api/leaderboard/:period?scope=following', () => {
  async function crew() {
    const me_ = await createUser(t.app, { username: 'mine', age: 34, gender: 'female' });
    const tied = await createUser(t.app, { username: 'tied', age: 31, gender: 'male' });
    const top = await createUser(t.app, { username: 'top', age: 52, gender: 'female' });
    const low = await createUser(t.app, { username: 'low', age: 36, gender: 'male' });
    const stranger = await createUser(t.app, { username: 'stranger' });
    const fan = await createUser(t.app, { username: 'fan' });
    await follow(me_, tied, top, low);
    await follow(fan, me_);
    await lift(me_, 40, '2026-06-17T08:00:00Z', true);
    await lift(tied, 40, '2026-06-17T09:00:00Z');
    await lift(top, 70, '2026-06-17T10:00:00Z');
    await lift(top, 45, '2026-06-17T11:00:00Z', true);
    await lift(low, 20, '2026-06-05T10:00:00Z'); // this month, not this week
    await lift(stranger, 90, '2026-06-17T07:00:00Z');
    await lift(fan, 60, '2026-06-17T07:00:00Z');
    return { me: me_, tied, top, low, stranger, fan };
  }
  const ranked = (rows: LeaderboardEntry[]) => rows.map((r) => [r.username, r.rank]);

  it('ranks the member and the people they follow, ties shared, every period, filter and Verified only', async () => {
    const c = await crew();
    expect(ranked(await board(c.me))).toEqual([
      ['top', 1],
      ['mine', 2],
      ['tied', 2],
    ]);
    expect(ranked(await board(c.me, 'week'))).toEqual([
      ['top', 1],
      ['mine', 2],
      ['tied', 2],
    ]);
    expect(ranked(await board(c.me, 'month'))).toEqual([
      ['top', 1],
      ['mine', 2],
      ['tied', 2],
      ['low', 4],
    ]);
    expect(ranked(await board(c.me, 'all_time'))).toEqual([
      ['top', 1],
      ['mine', 2],
      ['tied', 2],
      ['low', 4],
    ]);
    // Filters narrow the rows, not the ranks.
    expect(ranked(await board(c.me, 'month', '&gender=male'))).toEqual([
      ['tied', 2],
      ['low', 4],
    ]);
    expect(ranked(await board(c.me, 'month', '&ageGroup=30-39'))).toEqual([
      ['mine', 2],
      ['tied', 2],
      ['low', 4],
    ]);
    expect(ranked(await board(c.me, 'today', '&verified=true'))).toEqual([
      ['top', 1],
      ['mine', 2],
    ]);
    expect(ranked(await board(c.me, 'today', '&limit=1'))).toEqual([['top', 1]]);
    // Following is one way: the fan's board holds the fan and me, not my follows.
    expect(ranked(await board(c.fan))).toEqual([
      ['fan', 1],
      ['mine', 2],
    ]);
    // The global board is unchanged.
    const all = await t.app.inject({ url: '/api/leaderboard/today' });
    expect(all.headers['cache-control']).toBe('no-cache');
    expect(names(all.json())).toEqual(['stranger', 'top', 'fan', 'mine', 'tied']);
  });

  it('gives /me in both scopes', async () => {
    const c = await crew();
    expect(await me(c.me, 'today', 'scope=following')).toMatchObject({ rank: 2, score: 40 });
    expect(await me(c.me, 'today')).toMatchObject({ rank: 4, score: 40 });
    expect(await me(c.me, 'today', 'scope=everyone')).toMatchObject({ rank: 4, score: 40 });
    expect(await me(c.me, 'today', 'scope=following&verified=true')).toMatchObject({
      rank: 2,
      score: 40,
    });
    expect(await me(c.low, 'today', 'scope=following')).toBeNull();
    expect(await me(c.low, 'month', 'scope=following')).toMatchObject({ rank: 1, score: 20 });
  });

  it('follows follows, unfollows, privacy and deletion', async () => {
    const c = await crew();
    await follow(c.me, c.stranger);
    expect(names(await board(c.me))).toEqual(['stranger', 'top', 'mine', 'tied']);
    expect((await followReq(c.me, c.stranger.username, 'DELETE')).statusCode).toBe(204);
    expect(names(await board(c.me))).toEqual(['top', 'mine', 'tied']);
    // A followed member who goes private leaves it; back when public again.
    expect((await setPrivate(c.top, true)).statusCode).toBe(200);
    expect(ranked(await board(c.me))).toEqual([
      ['mine', 1],
      ['tied', 1],
    ]);
    expect(await me(c.me, 'today', 'scope=following')).toMatchObject({ rank: 1 });
    expect((await setPrivate(c.top, false)).statusCode).toBe(200);
    expect(ranked(await board(c.me))).toEqual([
      ['top', 1],
      ['mine', 2],
      ['tied', 2],
    ]);
    // A private member is on no one's board, their own included; their standing says where they would be.
    expect((await setPrivate(c.me, true)).statusCode).toBe(200);
    expect(ranked(await board(c.me))).toEqual([
      ['top', 1],
      ['tied', 2],
    ]);
    expect(await me(c.me, 'today', 'scope=following')).toMatchObject({ rank: 2 });
    expect(ranked(await board(c.fan))).toEqual([['fan', 1]]);
    expect((await setPrivate(c.me, false)).statusCode).toBe(200);
    await deleteUser(t.app, c.top.id);
    expect(ranked(await board(c.me))).toEqual([
      ['mine', 1],
      ['tied', 1],
    ]);
    // A new best shows at once.
    await lift(c.tied, 41, '2026-06-17T12:00:00Z');
    expect(ranked(await board(c.me))).toEqual([
      ['tied', 1],
      ['mine', 2],
    ]);
  });

  it('shows the member alone when they follow nobody, and nothing before their first set', async () => {
    const lone = await createUser(t.app, { username: 'lone' });
    expect(await board(lone)).toEqual([]);
    await lift(lone, 12, '2026-06-17T08:00:00Z');
    expect(ranked(await board(lone))).toEqual([['lone', 1]]);
  });

  it('is 401 for visitors, 400 for an unknown scope', async () => {
    for (const url of [
      '/api/leaderboard/today?scope=following',
      '/api/leaderboard/today/me?scope=following',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'You need to sign in to do that.' });
    }
    const bad = await t.app.inject({ url: '/api/leaderboard/today?scope=friends' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/scope must be one of everyone, following/);
  });
});
