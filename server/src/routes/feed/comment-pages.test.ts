import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment, SetPage } from '@common/schemas/feed';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// A set's comments a page at a time (docs/decisions/0275-comment-pages.md).

const t = useTestApp({ commentMax: 1000, socialWindowMs: 3_600_000 });
beforeEach(async () => {
  await t.app.db.delete(users);
  await t.app.db.execute(sql`delete from rate_limits`);
  t.clock.set('2026-06-17T15:00:00Z');
});

async function comment(u: MadeUser, id: number, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/workouts/${id}/comments`,
    headers: { ...u.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ body }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Comment>();
}
async function get(u: MadeUser, url: string) {
  const res = await t.app.inject({ url, headers: u.headers });
  return { res, next: res.headers['x-next-cursor'] as string | undefined };
}
/** Every page of the set's comments in `order`, `limit` at a time. */
async function all(u: MadeUser, id: number, order: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 50; n++) {
    const q = `order=${order}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const { res, next } = await get(u, `/api/workouts/${id}/comments?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<Comment[]>();
    seen.push(...rows.map((c) => c.body));
    if (!next) return seen;
    expect(rows).toHaveLength(limit);
    cursor = next;
  }
  throw new Error('no last page');
}

describe('comment pages', () => {
  it('pages oldest or newest first, without repeats or gaps, also while comments come and go', async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await createWorkout(t.app, owner.id, { pushups: 30 });
    const made: Comment[] = [];
    for (let i = 0; i < 7; i++) {
      // Two at the same instant: the id breaks the tie.
      if (i % 2 === 0) t.clock.set(`2026-06-17T15:0${i}:00Z`);
      made.push(await comment(a, w.id, `c${i}`));
    }
    const bodies = made.map((c) => c.body);
    expect(await all(owner, w.id, 'oldest', 3)).toEqual(bodies);
    expect(await all(owner, w.id, 'newest', 3)).toEqual([...bodies].reverse());
    expect(await all(owner, w.id, 'oldest', 7)).toEqual(bodies);

    // The set's page: the first page, oldest first, and the cursor of the next.
    const page = await get(owner, `/api/sets/${w.id}`);
    expect(page.res.statusCode).toBe(200);
    const first = page.res.json<SetPage>();
    expect(first.comments.map((c) => c.body)).toEqual(bodies);
    expect(page.next).toBeUndefined();

    // A comment deleted and one written between two pages: the next page goes on after the last
    // one shown, and the new one comes last.
    const p1 = await get(owner, `/api/workouts/${w.id}/comments?limit=3`);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${made[3]!.id}`,
      headers: owner.headers,
    });
    t.clock.set('2026-06-17T15:30:00Z');
    await comment(a, w.id, 'late');
    const p2 = await get(owner, `/api/workouts/${w.id}/comments?limit=10&cursor=${p1.next}`);
    expect(p2.res.json<Comment[]>().map((c) => c.body)).toEqual(['c4', 'c5', 'c6', 'late']);
    expect(p2.next).toBeUndefined();
  });

  it("the set's page carries the next page's cursor past the first 20", async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await createWorkout(t.app, owner.id, { pushups: 30 });
    for (let i = 0; i < 21; i++) await comment(a, w.id, `n${i}`);
    const page = await get(a, `/api/sets/${w.id}`);
    expect(page.res.json<SetPage>().comments).toHaveLength(20);
    expect(page.next).toBeTruthy();
    const rest = await get(a, `/api/workouts/${w.id}/comments?cursor=${page.next}`);
    expect(rest.res.json<Comment[]>().map((c) => c.body)).toEqual(['n20']);
  });

  it('refuses a bad limit, order or cursor (400), and a set the viewer cannot read (404)', async () => {
    const [owner, a] = [await createUser(t.app), await createUser(t.app)];
    const w = await createWorkout(t.app, owner.id, { pushups: 30 });
    for (const q of [
      'limit=0',
      'limit=101',
      'order=sideways',
      'cursor=bm90LWEtY3Vyc29y',
      'cursor=%25',
    ]) {
      const { res } = await get(a, `/api/workouts/${w.id}/comments?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ message: string }>().message, q).toBeTruthy();
    }
    const hidden = await createUser(t.app, { isPrivate: true });
    const theirs = await createWorkout(t.app, hidden.id, { pushups: 30 });
    expect((await get(a, `/api/workouts/${theirs.id}/comments`)).res.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/workouts/${w.id}/comments` })).statusCode).toBe(401);
  });
});
