import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@common/schemas/notifications';
import { rowsOf } from '../../db/client';
import { notificationJobs, users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';
import { openSse } from '../../test/sse-client';
import { notify } from './notify';

const t = useTestApp();

const NOW = '2026-06-17T15:00:00Z';
beforeEach(async () => {
  await t.app.db.delete(users);
  await t.app.db.delete(notificationJobs);
  t.clock.set(NOW);
});

const follow = async (u: MadeUser, o: MadeUser, method: 'PUT' | 'DELETE' = 'PUT') => {
  const res = await t.app.inject({
    method,
    url: `/api/following/${o.username}`,
    headers: u.headers,
  });
  expect(res.statusCode, res.body).toBe(204);
};
async function list(u: MadeUser, query = '') {
  const res = await t.app.inject({ url: `/api/notifications${query}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return {
    rows: res.json<Notification[]>(),
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}
async function unread(u: MadeUser) {
  const res = await t.app.inject({ url: '/api/notifications/unread-count', headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ unread: number }>().unread;
}
async function save(u: MadeUser, score: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: { score },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}
/** The fan-out job's run (server/src/routes/notifications/fan-out.ts): saves only queue their notifications. */
const fanOut = () => t.app.notificationJobs.drain();
const kinds = (rows: Notification[]) => rows.map((r) => `${r.kind}:${r.actor?.username ?? '-'}`);

describe('followed', () => {
  it('tells the followed member once, with who', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await follow(a, b);
    await follow(a, b);
    await follow(a, b, 'DELETE');
    await follow(a, b);
    expect(kinds((await list(b)).rows)).toEqual([`followed:${a.username}`]);
    expect(await unread(b)).toBe(1);
    expect((await list(a)).rows).toEqual([]);
  });

  it('a private follower tells nobody', async () => {
    const [a, b] = [await createUser(t.app, { isPrivate: true }), await createUser(t.app)];
    await follow(a, b);
    expect((await list(b)).rows).toEqual([]);
  });

  it('an actor who goes private or is suspended leaves the list and the count; a deleted one takes theirs', async () => {
    const [a, c, d, b] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    for (const x of [a, c, d]) await follow(x, b);
    expect(await unread(b)).toBe(3);
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, a.id));
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'spam' })
      .where(eq(users.id, c.id));
    await deleteUser(t.app, d.id);
    expect((await list(b)).rows).toEqual([]);
    expect(await unread(b)).toBe(0);
    await t.app.db.update(users).set({ isPrivate: false }).where(eq(users.id, a.id));
    expect(kinds((await list(b)).rows)).toEqual([`followed:${a.username}`]);
  });

  it('a suspended member gets none', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'spam' })
      .where(eq(users.id, b.id));
    expect(
      await notify(t.app.db, { recipientId: b.id, kind: 'followed', actorId: a.id }),
    ).toBeNull();
  });
});

describe('kudos and comments through notify()', () => {
  it('each once; never for oneself', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const w = await createWorkout(t.app, b.id);
    const kudos = { recipientId: b.id, kind: 'kudos', actorId: a.id, workoutId: w.id } as const;
    expect(await notify(t.app.db, kudos)).toEqual(expect.any(Number));
    expect(await notify(t.app.db, kudos)).toBeNull();
    const comment = { ...kudos, kind: 'comment', commentId: 7 } as const;
    expect(await notify(t.app.db, comment)).toEqual(expect.any(Number));
    expect(await notify(t.app.db, comment)).toBeNull();
    expect(await notify(t.app.db, { ...comment, commentId: 8 })).toEqual(expect.any(Number));
    expect(await notify(t.app.db, { ...kudos, actorId: b.id })).toBeNull();
    expect(kinds((await list(b)).rows)).toEqual([
      `comment:${a.username}`,
      `comment:${a.username}`,
      `kudos:${a.username}`,
    ]);
    // The set goes: so do its notifications.
    await t.app.db.execute(sql`delete from workouts where id = ${w.id}`);
    expect((await list(b)).rows).toEqual([]);
  });
});

describe('reading', () => {
  it('pages by cursor, marks read, marks all read', async () => {
    const b = await createUser(t.app);
    const actors: MadeUser[] = [];
    for (let i = 0; i < 5; i++) actors.push(await createUser(t.app));
    for (const a of actors) await follow(a, b);
    const first = await list(b, '?limit=2');
    expect(first.rows.map((r) => r.actor?.username)).toEqual([
      actors[4]!.username,
      actors[3]!.username,
    ]);
    const second = await list(b, `?limit=2&cursor=${first.next}`);
    expect(second.rows.map((r) => r.actor?.username)).toEqual([
      actors[2]!.username,
      actors[1]!.username,
    ]);
    const third = await list(b, `?limit=2&cursor=${second.next}`);
    expect(third.rows).toHaveLength(1);
    expect(third.next).toBeUndefined();

    const bad = await t.app.inject({ url: '/api/notifications?cursor=abc', headers: b.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: b.headers,
      payload: { ids: [first.rows[0]!.id] },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 4 });
    expect((await list(b)).rows[0]!.readAt).toEqual(expect.any(String));
    // Someone else's ids change nothing.
    const other = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: other.headers,
      payload: { ids: first.rows.map((r) => r.id) },
    });
    expect(await unread(b)).toBe(4);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: b.headers,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: b.headers,
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unread(b)).toBe(0);
  });

  it('visitors get 401', async () => {
    for (const url of [
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/stream',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('keeps the digest settings', async () => {
    const b = await createUser(t.app);
    const get = () => t.app.inject({ url: '/api/notifications/settings', headers: b.headers });
    expect((await get()).json()).toEqual({ digestEmail: false, digestPush: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: b.headers,
      payload: { digestEmail: true, digestPush: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get()).json()).toEqual({ digestEmail: true, digestPush: false });
  });
});

describe('beat your best', () => {
  it("takes together only the jobs that reach the statement's followers, then asks again", async () => {
    // docs/decisions/0315-fan-out-batches-by-reach.md: nfo_fan_out(limit, reach), oldest first.
    const [s1, s2, quiet1, quiet2, f] = await Promise.all(
      [...Array(5)].map(() => createUser(t.app)),
    );
    await createWorkout(t.app, f!.id, { pushups: 10 });
    for (const s of [s1!, s2!]) await follow(f!, s);
    await fanOut();
    for (const u of [quiet1!, s1!, s2!, quiet2!]) await save(u, 30);
    const step = async () =>
      Number((await rowsOf<{ n: number }>(t.app.db, sql`select nfo_fan_out(500, 1) as n`))[0]!.n);
    // quiet1 (no follower) and s1 (one) reach 1; s2 reaches 1 alone; then quiet2.
    expect([await step(), await step(), await step(), await step()]).toEqual([2, 1, 1, 0]);
    expect(await unread(f!)).toBe(2);
  });

  it('tells followers whose best the set passes, once per best', async () => {
    const [saver, a, c, d] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await createWorkout(t.app, a.id, { pushups: 20 });
    await createWorkout(t.app, c.id, { pushups: 40 });
    for (const x of [a, c, d]) await follow(x, saver);
    await fanOut();
    await save(saver, 25);
    // Nothing is told until the job runs; then once.
    expect((await list(a)).rows).toEqual([]);
    expect(await fanOut()).toBe(1);
    await save(saver, 30);
    expect(await fanOut()).toBe(1);
    expect(await fanOut()).toBe(0);
    // a (20) is passed once; c (40) is not; d has no best.
    expect(kinds((await list(a)).rows)).toEqual([`beat-your-best:${saver.username}`]);
    expect((await list(a)).rows[0]).toMatchObject({ challenge: 'pushup-90' });
    expect((await list(c)).rows).toEqual([]);
    expect((await list(d)).rows).toEqual([]);
    // a betters their best (35), the saver passes it again: told again.
    await createWorkout(t.app, a.id, { pushups: 35 });
    await Promise.all([save(saver, 36), save(saver, 38)]);
    await fanOut();
    expect(kinds((await list(a)).rows)).toEqual([
      `beat-your-best:${saver.username}`,
      `beat-your-best:${saver.username}`,
    ]);
  });

  it('a private saver tells nobody', async () => {
    const [saver, a] = [await createUser(t.app), await createUser(t.app)];
    await createWorkout(t.app, a.id, { pushups: 20 });
    await follow(a, saver);
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, saver.id));
    await save(saver, 30);
    await fanOut();
    expect((await list(a)).rows).toEqual([]);
  });

  it('tells of one batch of jobs by the saver best before each job', async () => {
    const [saver, a, c] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    await createWorkout(t.app, a.id, { pushups: 20 });
    await createWorkout(t.app, c.id, { pushups: 28 });
    for (const x of [a, c]) await follow(x, saver);
    await fanOut();
    await save(saver, 10);
    await save(saver, 25);
    await save(saver, 30);
    // One batch of three jobs: a (20) passed by 25, c (28) by 30, each once.
    expect(await fanOut()).toBe(3);
    expect(kinds((await list(a)).rows)).toEqual([`beat-your-best:${saver.username}`]);
    expect(kinds((await list(c)).rows)).toEqual([`beat-your-best:${saver.username}`]);
  });
});

describe('dropped out of the top 10', () => {
  it('tells the member pushed out, on a real change only', async () => {
    const top: MadeUser[] = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.app);
      top.push(u);
      await createWorkout(t.app, u.id, { pushups: 50 + i });
    }
    const low = await createUser(t.app);
    await createWorkout(t.app, low.id, { pushups: 10 });
    // The all-time board's top 10 is known (the first change records it); below it, nothing moves.
    await createWorkout(t.app, low.id, { pushups: 11 });
    await fanOut();
    for (const u of [...top, low]) expect((await list(u)).rows).toEqual([]);
    const newcomer = await createUser(t.app);
    await save(newcomer, 70);
    await fanOut();
    // top[0] (50) was tenth: now eleventh.
    expect((await list(top[0]!)).rows.map((r) => [r.kind, r.challenge, r.board])).toEqual([
      ['dropped-top-10', 'pushup-90', 'all_time'],
    ]);
    for (const u of top.slice(1)) expect((await list(u)).rows).toEqual([]);
    // A set that changes nothing in the top 10 tells nobody.
    await save(low, 12);
    await save(newcomer, 71);
    await fanOut();
    const counts = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from notifications where kind = 'dropped-top-10'`,
    );
    expect(counts[0]!.n).toBe(1);
  });
});

describe('the stream', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => undefined);

  it('sends the count, then each notification as it is made; a reconnect resumes', async () => {
    const b = await createUser(t.app);
    const s = await openSse(`${base}/api/notifications/stream`, b.headers);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toBe('private, no-store');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-encoding']).toBeUndefined();
    await s.until((e) => e.event === 'unread');
    const a1 = await createUser(t.app);
    await follow(a1, b);
    const first = await s.until((e) => e.event === 'notification');
    expect(first.data).toMatchObject({ unread: 1, notification: { kind: 'followed' } });
    s.close();

    // Two made while away: the reconnect gets both, in order, and not the first again.
    const [a2, a3] = [await createUser(t.app), await createUser(t.app)];
    await follow(a2, b);
    await follow(a3, b);
    const again = await openSse(`${base}/api/notifications/stream`, {
      ...b.headers,
      'last-event-id': first.id!,
    });
    await again.until(
      (e) => e.event === 'notification' && (e.data as { unread: number }).unread === 3,
    );
    const got = again.events.filter((e) => e.event === 'notification');
    expect(
      got.map((e) => (e.data as { notification: Notification }).notification.actor?.username),
    ).toEqual([a2.username, a3.username]);
    // Marking read elsewhere updates the count.
    await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: b.headers });
    await again.until((e) => e.event === 'unread' && (e.data as { unread: number }).unread === 0);
    again.close();
  });
});
