import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment, KudosState, SetPage } from '@common/schemas/feed';
import type { AuditLog, MyReports } from '@common/schemas/moderation';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';

const t = useTestApp({ kudosMax: 3, commentMax: 2, socialWindowMs: 3_600_000 });
const NOW = '2026-06-17T15:00:00Z';
beforeEach(async () => {
  await t.app.db.delete(users);
  await t.app.db.execute(sql`delete from rate_limits`);
  t.clock.set(NOW);
});

const json = { 'content-type': 'application/json' };
const kudos = (u: MadeUser, id: number, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/workouts/${id}/kudos`, headers: u.headers });
const comment = (u: MadeUser, id: number, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/workouts/${id}/comments`,
    headers: { ...u.headers, ...json },
    payload: JSON.stringify({ body }),
  });
const page = async (u: MadeUser, id: number) => {
  const res = await t.app.inject({ url: `/api/sets/${id}`, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SetPage>();
};
const setOf = (u: MadeUser) => createWorkout(t.app, u.id, { pushups: 30 });

describe('kudos', () => {
  it('one per member and set: again changes nothing; removable; not on your own set', async () => {
    const [owner, a, b] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    const w = await setOf(owner);
    const first = await kudos(a, w.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<KudosState>()).toEqual({ count: 1, mine: true });
    expect((await kudos(a, w.id)).json<KudosState>()).toEqual({ count: 1, mine: true });
    expect((await kudos(b, w.id)).json<KudosState>()).toEqual({ count: 2, mine: true });
    expect((await page(owner, w.id)).kudos).toEqual({ count: 2, mine: false });
    expect((await kudos(a, w.id, 'DELETE')).json<KudosState>()).toEqual({ count: 1, mine: false });
    expect((await kudos(a, w.id, 'DELETE')).json<KudosState>()).toEqual({ count: 1, mine: false });
    const own = await kudos(owner, w.id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: 'You cannot give kudos to your own set.' });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/workouts/${w.id}/kudos` })).statusCode,
    ).toBe(401);
    expect((await kudos(a, 999_999)).statusCode).toBe(404);
  });

  it('a private member neither gets nor gives kudos; a suspended giver stops counting', async () => {
    const [owner, priv, giver] = [
      await createUser(t.app),
      await createUser(t.app, { isPrivate: true }),
      await createUser(t.app),
    ];
    const w = await setOf(owner);
    const p = await setOf(priv);
    expect((await kudos(giver, p.id)).statusCode).toBe(404);
    const from = await kudos(priv, w.id);
    expect(from.statusCode).toBe(400);
    expect(from.json()).toMatchObject({
      message: 'Make your profile public to give kudos or comment.',
    });
    await kudos(giver, w.id);
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(NOW), suspendedReason: 'spam' })
      .where(eq(users.id, giver.id));
    expect((await page(owner, w.id)).kudos.count).toBe(0);
  });

  it('new kudos are limited per member per hour (429); a repeat costs nothing', async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const sets = [await setOf(owner), await setOf(owner), await setOf(owner), await setOf(owner)];
    for (const w of sets.slice(0, 3)) expect((await kudos(a, w.id)).statusCode).toBe(200);
    expect((await kudos(a, sets[0]!.id)).statusCode).toBe(200);
    const over = await kudos(a, sets[3]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    t.clock.advance(3_600_001);
    expect((await kudos(a, sets[3]!.id)).statusCode).toBe(200);
  });
});

describe('comments', () => {
  it('up to 280 characters under the text rules of names; oldest first; counted on the feed', async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await setOf(owner);
    const made = await comment(a, w.id, '  Nice set!  ');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Comment>()).toMatchObject({ body: 'Nice set!', mine: true, canDelete: true });
    expect((await comment(owner, w.id, 'Thanks')).statusCode).toBe(201);
    for (const bad of [
      '',
      '   ',
      'x'.repeat(281),
      'a\u202eb',
      'line\nbreak',
      'zero\u200bwidth',
      7,
    ]) {
      const res = await comment(a, w.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    // Emoji count once each: 280 of them fit.
    expect((await comment(a, w.id, '💪'.repeat(280))).statusCode).toBe(201);
    const list = await t.app.inject({
      url: `/api/workouts/${w.id}/comments`,
      headers: owner.headers,
    });
    expect(list.json<Comment[]>().map((c) => [c.body, c.canDelete])).toEqual([
      ['Nice set!', true],
      ['Thanks', true],
      ['💪'.repeat(280), true],
    ]);
  });

  it('limits comments per member per hour', async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await setOf(owner);
    expect((await comment(a, w.id, 'one')).statusCode).toBe(201);
    expect((await comment(a, w.id, '💪'.repeat(280))).statusCode).toBe(201);
    const over = await comment(a, w.id, 'three');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: expect.stringContaining('comments') });
  });

  it('deletable by the author and the owner of the set, by nobody else (403)', async () => {
    const [owner, a, b] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    const w = await setOf(owner);
    const c1 = (await comment(a, w.id, 'first')).json<Comment>();
    const c2 = (await comment(a, w.id, 'second')).json<Comment>();
    const del = (u: MadeUser, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: u.headers });
    expect((await del(b, c1.id)).statusCode).toBe(403);
    expect((await del(a, c1.id)).statusCode).toBe(204);
    expect((await del(owner, c2.id)).statusCode).toBe(204);
    expect((await del(owner, c2.id)).statusCode).toBe(404);
    expect((await page(owner, w.id)).comments).toEqual([]);
  });

  it("a deleted account's comments go with it; a private member's set takes none", async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await setOf(owner);
    await comment(a, w.id, 'bye');
    await deleteUser(t.app, a.id);
    expect((await page(owner, w.id)).commentCount).toBe(0);
    const left = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from set_comments`,
    );
    expect(left[0]!.n).toBe(0);
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, owner.id));
    const own = await comment(owner, w.id, 'hello?');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      message: "A private member's sets take no kudos or comments.",
    });
  });

  it('is reported through /api/reports, and a moderator hides it with an audit line', async () => {
    const [owner, a, reporter] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    const mod = await createUser(t.app, { role: 'moderator' });
    const w = await setOf(owner);
    const c = (await comment(a, w.id, 'rude words')).json<Comment>();
    const report = (u: MadeUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { ...u.headers, ...json },
        payload: JSON.stringify({ target: { kind: 'comment', commentId: c.id }, reason: 'spam' }),
      });
    expect((await report(reporter)).statusCode).toBe(201);
    expect((await report(reporter)).statusCode).toBe(409);
    expect((await report(a)).statusCode).toBe(400);
    const mine = await t.app.inject({ url: '/api/reports/mine', headers: reporter.headers });
    expect(mine.json<MyReports>().commentIds).toEqual([c.id]);
    expect(
      (await t.app.inject({ url: '/api/moderation/comments', headers: reporter.headers }))
        .statusCode,
    ).toBe(403);
    const queue = await t.app.inject({ url: '/api/moderation/comments', headers: mod.headers });
    expect(queue.json()).toMatchObject({
      comments: [{ id: c.id, body: 'rude words', reports: 1 }],
    });
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/moderation/comments/${c.id}`,
        headers: { ...mod.headers, ...json },
        payload: JSON.stringify({ action, reason: 'Abuse' }),
      });
    const hid = await act('hide');
    expect(hid.statusCode, hid.body).toBe(201);
    expect((await act('hide')).statusCode).toBe(409);
    expect((await page(owner, w.id)).comments).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/moderation/comments', headers: mod.headers })).json(),
    ).toEqual({
      comments: [],
    });
    const log = await t.app.inject({ url: '/api/moderation/log', headers: mod.headers });
    expect(log.json<AuditLog>().entries[0]).toMatchObject({
      action: 'hide-comment',
      reason: 'Abuse',
      target: { kind: 'workout', workoutId: w.id, username: a.username },
    });
    expect((await act('show')).statusCode).toBe(201);
    expect((await page(owner, w.id)).comments.map((x) => x.body)).toEqual(['rude words']);
  });
});

describe("the set owner's notifications", () => {
  const mine = async (u: MadeUser) => {
    const res = await t.app.inject({ url: '/api/notifications', headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { kind: string; workoutId: number | null }[];
  };

  it('tells the owner of each new kudos and comment once; a kudos given again tells nobody', async () => {
    const [owner, fan] = [await createUser(t.app), await createUser(t.app)];
    const w = await setOf(owner);
    await kudos(fan, w.id);
    await kudos(fan, w.id);
    await kudos(fan, w.id, 'DELETE');
    await kudos(fan, w.id);
    expect((await comment(fan, w.id, 'Strong set!')).statusCode).toBe(201);
    expect((await comment(fan, w.id, 'And again')).statusCode).toBe(201);
    const kinds = (await mine(owner)).map((n) => `${n.kind}:${n.workoutId}`).sort();
    expect(kinds).toEqual([`comment:${w.id}`, `comment:${w.id}`, `kudos:${w.id}`]);
    // Nothing for the giver.
    expect(await mine(fan)).toEqual([]);
  });
});
