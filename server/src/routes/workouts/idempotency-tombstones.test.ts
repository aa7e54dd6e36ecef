import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../db/maintenance';
import { workoutKeyTombstones, workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import * as service from './workout-save';

// A late retry of a deleted workout's save must not bring it back: the delete remembers the key
// for 24 hours (docs/decisions/0086-idempotency-tombstones.md). On PGlite and PostgreSQL.
const t = useTestApp();
const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
beforeEach(() => t.clock.set(NOW));

const save = (u: MadeUser, body: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    payload: body,
    headers: { ...u.headers, 'idempotency-key': key },
  });
const remove = (u: MadeUser, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/workouts/${id}`, headers: u.headers });
const rowsOf = (userId: number) =>
  t.app.db.select().from(workouts).where(eq(workouts.userId, userId));
const GONE = {
  message:
    'This workout was deleted, so this repeated save was not stored again. To log it anew, save it as a new workout.',
};

describe('a retry after a delete', () => {
  it('save with key K, delete it, retry K with the same body: 410 and no new workout; another body: 422', async () => {
    const u = await createUser(t.app);
    const key = randomUUID();
    const body = { pushups: 33, notes: 'late' };
    const first = await save(u, body, key);
    expect(first.statusCode).toBe(201);
    expect((await remove(u, first.json().id)).statusCode).toBe(204);
    t.clock.advance(HOUR);
    const retry = await save(u, body, key);
    expect(retry.statusCode).toBe(410);
    expect(retry.json()).toEqual(GONE);
    // The key is compared as the server stores it (lower case), like a live key.
    expect((await save(u, body, key.toUpperCase())).statusCode).toBe(410);
    const other = await save(u, { pushups: 34 }, key);
    expect(other.statusCode).toBe(422);
    expect(await rowsOf(u.id)).toEqual([]);
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toEqual([]);
  });

  it('remembers the key 24 hours; after that a retry saves again, and the sweep purges the old key only', async () => {
    const u = await createUser(t.app);
    const [old, recent] = [randomUUID(), randomUUID()];
    for (const key of [old, recent]) {
      const r = await save(u, { pushups: 10 }, key);
      expect((await remove(u, r.json().id)).statusCode).toBe(204);
      t.clock.advance(2 * HOUR);
    }
    // Now: `old` deleted 24 h 1 min ago, `recent` 22 h 1 min ago.
    t.clock.set(new Date(NOW.getTime() + 24 * HOUR + 60_000));
    expect((await save(u, { pushups: 10 }, recent)).statusCode).toBe(410);
    const gone = await sweepExpired(t.app.db, t.clock.now);
    expect(gone.keyTombstones).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .select()
      .from(workoutKeyTombstones)
      .where(eq(workoutKeyTombstones.userId, u.id));
    expect(left.map((r) => r.idempotencyKey)).toEqual([recent]);
    const again = await save(u, { pushups: 10 }, old);
    expect(again.statusCode).toBe(201);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('is per member, and a delete of a workout saved without a key leaves nothing behind', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    const key = randomUUID();
    const w = await save(a, { pushups: 12 }, key);
    await remove(a, w.json().id);
    expect((await save(b, { pushups: 12 }, key)).statusCode).toBe(201);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      payload: { pushups: 5 },
      headers: b.headers,
    });
    await remove(b, plain.json().id);
    const tombs = await t.app.db
      .select()
      .from(workoutKeyTombstones)
      .where(eq(workoutKeyTombstones.userId, b.id));
    expect(tombs).toEqual([]);
    // Another member's workout id: 404, and no key of theirs is remembered.
    expect((await remove(a, (await rowsOf(b.id))[0]!.id)).statusCode).toBe(404);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });

  it('a deleted key in a batch with other saves: that save 410, the others saved', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const key = randomUUID();
    const w = await save(users[0]!, { pushups: 40 }, key);
    await remove(users[0]!, w.json().id);
    const results = await Promise.all([
      save(users[0]!, { pushups: 40 }, key),
      ...users.slice(1).map((u) => save(u, { pushups: 40 }, randomUUID())),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([410, 201, 201, 201, 201, 201]);
    expect(await rowsOf(users[0]!.id)).toEqual([]);
  });

  it('a delete racing retries of the same save never leaves a workout', async () => {
    const u = await createUser(t.app);
    for (let round = 0; round < 12; round += 1) {
      const key = randomUUID();
      const body = { pushups: 20 + round };
      const first = await save(u, body, key);
      expect(first.statusCode).toBe(201);
      const [del, ...retries] = await Promise.all([
        remove(u, first.json().id),
        save(u, body, key),
        save(u, body, key),
        save(u, body, key),
      ]);
      expect(del.statusCode).toBe(204);
      for (const r of retries) {
        // Before the delete committed: the stored workout (a replay); after: 410.
        expect([201, 410], r.body).toContain(r.statusCode);
        if (r.statusCode === 201) expect(r.json().id).toBe(first.json().id);
      }
      expect(await rowsOf(u.id)).toEqual([]);
      expect((await save(u, body, key)).statusCode).toBe(410);
    }
  });

  it('a retry that lost the insert race to a save deleted since: 410', async () => {
    const u = await createUser(t.app);
    const key = randomUUID();
    const first = await save(u, { pushups: 64 }, key);
    await remove(u, first.json().id);
    // The save statement fails on the unique index, as when a concurrent save of the key
    // committed first; by the time the row is looked up it has been deleted.
    let failed = false;
    const racy = new Proxy(t.app.db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && !failed) {
          failed = true;
          return async () => {
            throw Object.assign(new Error('duplicate key'), { code: '23505' });
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    await expect(
      service.createWorkout(racy, u.id, { challenge: 'pushup-90', score: 64 }, key, NOW),
    ).rejects.toMatchObject({ statusCode: 410 });
    failed = false;
    await expect(
      service.createWorkout(racy, u.id, { challenge: 'pushup-90', score: 65 }, key, NOW),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('the member deleting the account takes the remembered keys with it', async () => {
    const u = await createUser(t.app);
    const w = await save(u, { pushups: 9 }, randomUUID());
    await remove(u, w.json().id);
    expect(
      await t.app.db
        .select()
        .from(workoutKeyTombstones)
        .where(eq(workoutKeyTombstones.userId, u.id)),
    ).toHaveLength(1);
    await t.app.db.execute(`delete from users where id = ${u.id}` as never);
    expect(
      await t.app.db
        .select()
        .from(workoutKeyTombstones)
        .where(eq(workoutKeyTombstones.userId, u.id)),
    ).toEqual([]);
  });
});
