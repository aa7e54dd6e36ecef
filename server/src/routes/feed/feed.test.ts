import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Feed, SetPage } from '@common/schemas/feed';
import { rowsOf } from '../../db/client';
import { follows, hiddenWorkouts, users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';

const t = useTestApp();
const NOW = '2026-06-17T15:00:00Z';
beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

const json = { 'content-type': 'application/json' };
async function follow(u: MadeUser, ...others: MadeUser[]) {
  for (const o of others) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/following/${o.username}`,
      headers: u.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
  }
}
async function feed(u: MadeUser, query = '') {
  const res = await t.app.inject({ url: `/api/feed${query}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return { body: res.json<Feed>(), next: res.headers['x-next-cursor'] as string | undefined };
}
const ids = (f: Feed) => f.items.map((i) => i.id);
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000);
const set = (u: MadeUser, m: number, score = 20) =>
  createWorkout(t.app, u.id, { pushups: score, createdAt: minutesAgo(m) });

describe('GET /api/feed', () => {
  it('a visitor gets 401', async () => {
    expect((await t.app.inject({ url: '/api/feed' })).statusCode).toBe(401);
  });

  it('holds the sets of the members I follow and of my clubs, newest first, not mine or others', async () => {
    const [me, friend, clubmate, stranger] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await follow(me, friend);
    const club = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: { ...me.headers, ...json },
      payload: JSON.stringify({ name: 'Early Birds', visibility: 'public' }),
    });
    expect(club.statusCode, club.body).toBe(201);
    const slug = club.json<{ slug: string }>().slug;
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/clubs/${slug}/join`,
      headers: { ...clubmate.headers, ...json },
      payload: '{}',
    });
    expect(join.statusCode, join.body).toBeLessThan(300);
    const a = await set(friend, 30);
    const b = await set(clubmate, 10);
    const c = await set(friend, 5, 25);
    await set(me, 1);
    await set(stranger, 2);
    const { body } = await feed(me);
    expect(ids(body)).toEqual([c.id, b.id, a.id]);
    expect(body.suggestions).toEqual([]);
    const first = body.items[0]!;
    expect(first).toMatchObject({
      member: { username: friend.username },
      challenge: 'pushup-90',
      score: 25,
      tier: 'entered',
      newBest: true,
      kudos: { count: 0, mine: false },
      commentCount: 0,
      mine: false,
    });
    // The first set of a challenge earned its badge with it; no new best without an earlier set.
    const oldest = body.items[2]!;
    expect(oldest.newBest).toBe(false);
    expect(oldest.badges).toContainEqual({ badge: 'first-set', challenge: 'pushup-90' });
  });

  it('pages by cursor, and a set saved meanwhile neither repeats nor skips one', async () => {
    const [me, friend] = [await createUser(t.app), await createUser(t.app)];
    await follow(me, friend);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await set(friend, 50 - i));
    // Two at the same time: the id breaks the tie.
    made.push(await set(friend, 40), await set(friend, 40));
    const expected = made.map((w) => w.id).reverse();
    const p1 = await feed(me, '?limit=3');
    expect(ids(p1.body)).toEqual(expected.slice(0, 3));
    expect(p1.next).toBeTruthy();
    await set(friend, 0);
    const p2 = await feed(me, `?limit=3&cursor=${p1.next}`);
    expect(ids(p2.body)).toEqual(expected.slice(3, 6));
    const p3 = await feed(me, `?limit=3&cursor=${p2.next}`);
    expect(ids(p3.body)).toEqual(expected.slice(6));
    expect(p3.next).toBeUndefined();
    const bad = await t.app.inject({ url: '/api/feed?cursor=nope', headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
  });

  it('leaves out hidden sets, private and suspended members, and a deleted member with their kudos', async () => {
    const [me, a, b, c, d] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.app)));
    if (!me || !a || !b || !c || !d) throw new Error('five members');
    await follow(me, a, b, c, d);
    const shown = await set(a, 10);
    const hidden = await set(a, 9);
    await t.app.db
      .insert(hiddenWorkouts)
      .values({ workoutId: hidden.id, userId: a.id, reason: 'fake' });
    const ofPrivate = await set(b, 8);
    await set(c, 7);
    await set(d, 6);
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, b.id));
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(NOW), suspendedReason: 'spam' })
      .where(eq(users.id, c.id));
    // d gives kudos, then their account is deleted: their set and kudos go with it.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/workouts/${shown.id}/kudos`,
          headers: d.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect((await feed(me)).body.items.find((i) => i.id === shown.id)!.kudos.count).toBe(1);
    await deleteUser(t.app, d.id);
    const { body } = await feed(me);
    expect(ids(body)).toEqual([shown.id]);
    expect(body.items[0]!.kudos.count).toBe(0);
    const left = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from set_kudos`,
    );
    expect(left[0]!.n).toBe(0);
    // A private member's set has no page for others; the owner still reads it.
    const other = await t.app.inject({ url: `/api/sets/${ofPrivate.id}`, headers: me.headers });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/sets/${ofPrivate.id}`, headers: b.headers });
    expect(own.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/sets/${hidden.id}`, headers: me.headers })).statusCode,
    ).toBe(404);
  });

  it('pages past many authors whose newer sets are private: the shown ones fill the page', async () => {
    // The page's window starts at the 21st newest of the shown authors' newest sets, not of every
    // author's (docs/decisions/0314-the-feed-in-index-order.md reads privacy for the newest few).
    const me = await createUser(t.app);
    const many = (n: number, o = {}) => Promise.all([...Array(n)].map(() => createUser(t.app, o)));
    const [hidden, shown] = [await many(22, { isPrivate: true }), await many(22)];
    await t.app.db
      .insert(follows)
      .values([...hidden, ...shown].map((o) => ({ followerId: me.id, followeeId: o.id })));
    for (const [i, o] of hidden.entries()) await set(o, 1 + i);
    const expected: number[] = [];
    for (const [i, o] of shown.entries()) expected.push((await set(o, 100 + i)).id);
    const first = await feed(me);
    expect(ids(first.body)).toEqual(expected.slice(0, 20));
    const second = await feed(me, `?cursor=${encodeURIComponent(first.next!)}`);
    expect(ids(second.body)).toEqual(expected.slice(20));
    expect(second.next).toBeUndefined();
  });

  it('an empty feed suggests members: my clubs, and the top of my age band (not a hidden age)', async () => {
    const me = await createUser(t.app, { age: 34 });
    const top = await createUser(t.app, { age: 31 });
    const hiddenAge = await createUser(t.app, { age: 33, showAgeGender: false });
    const older = await createUser(t.app, { age: 55 });
    await set(top, 10, 60);
    await set(hiddenAge, 10, 80);
    await set(older, 10, 90);
    const { body } = await feed(me);
    expect(body.items).toEqual([]);
    expect(body.suggestions.map((s) => [s.username, s.why, s.reason])).toEqual([
      [top.username, 'Top of the 30-39 board', { kind: 'board-top', ageGroup: '30-39' }],
    ]);
  });

  it("says why with a code, and in words in the request's language", async () => {
    const me = await createUser(t.app);
    const mate = await createUser(t.app);
    const top = await createUser(t.app);
    await set(top, 10, 60);
    const club = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: { ...me.headers, ...json },
      payload: JSON.stringify({ name: 'Frühaufsteher', visibility: 'public' }),
    });
    expect(club.statusCode, club.body).toBe(201);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/clubs/${club.json<{ slug: string }>().slug}/join`,
      headers: { ...mate.headers, ...json },
      payload: '{}',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const { body } = await feed(me);
    expect(body.suggestions.map((s) => [s.username, s.why, s.reason])).toEqual([
      [mate.username, 'In Frühaufsteher', { kind: 'club', club: 'Frühaufsteher' }],
      [top.username, 'Top of the all-time board', { kind: 'board-top', ageGroup: null }],
    ]);
    const es = await t.app.inject({
      url: '/api/feed',
      headers: { ...me.headers, 'accept-language': 'es' },
    });
    expect(es.json<Feed>().suggestions.map((s) => s.why)).toEqual([
      'En Frühaufsteher',
      'En cabeza de la clasificación histórica',
    ]);
  });
});

describe('GET /api/sets/:id', () => {
  it('shows a set with its kudos and comments; 404 for an unknown id; 400 for a bad one', async () => {
    const [me, friend] = [await createUser(t.app), await createUser(t.app)];
    const w = await set(friend, 5);
    await t.app.inject({ method: 'PUT', url: `/api/workouts/${w.id}/kudos`, headers: me.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/workouts/${w.id}/comments`,
      headers: { ...me.headers, ...json },
      payload: JSON.stringify({ body: 'Strong!' }),
    });
    const res = await t.app.inject({ url: `/api/sets/${w.id}`, headers: friend.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<SetPage>();
    expect(page).toMatchObject({ id: w.id, mine: true, kudos: { count: 1, mine: false } });
    expect(page.comments.map((c) => [c.author.username, c.body, c.canDelete, c.mine])).toEqual([
      [me.username, 'Strong!', true, false],
    ]);
    expect((await t.app.inject({ url: '/api/sets/999999', headers: me.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/sets/abc', headers: me.headers })).statusCode).toBe(
      400,
    );
  });
});
