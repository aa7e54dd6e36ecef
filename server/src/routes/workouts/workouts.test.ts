import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Workout } from '@common/schemas/workouts';
import { workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import * as service from './workout-save';

const t = useTestApp();

// The harness ends the pg pool without waiting for its sockets and then force-drops the database;
// after this file's 50 concurrent saves the pool holds many connections, and their 57P01
// ("terminating connection") would surface as an unhandled pool 'error'. Ignore exactly that.
beforeAll(() => {
  const client = (t.database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    client.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') throw err;
    });
  }
});

// A fixed clock far from the real one: passing the time-window tests proves the server checks
// createdAt against app.now(), not Date.now().
const NOW = new Date('2026-03-01T12:00:00.000Z');
const MIN = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
beforeEach(() => t.clock.set(NOW));

function save(user: MadeUser | null, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    payload: body as object,
    headers: { ...user?.headers, ...headers },
  });
}
function list(user: MadeUser | null, query = '') {
  return t.app.inject({ url: `/api/workouts${query}`, headers: user?.headers });
}
function remove(user: MadeUser | null, id: number | string) {
  return t.app.inject({ method: 'DELETE', url: `/api/workouts/${id}`, headers: user?.headers });
}
function stats(user: MadeUser | null) {
  return t.app.inject({ url: '/api/stats', headers: user?.headers });
}
async function rowsOf(userId: number) {
  return t.app.db
    .select()
    .from(workouts)
    .where(eq(workouts.userId, userId))
    .orderBy(asc(workouts.id));
}
/** Walks every page with the given limit and returns all ids in the order served. */
async function walk(user: MadeUser, limit: number) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const q = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await list(user, q);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Workout[];
    expect(body.length).toBeLessThanOrEqual(limit);
    ids.push(...body.map((w) => w.id));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return ids;
    // A page that announces a next page is full.
    expect(body).toHaveLength(limit);
  }
  throw new Error('pagination did not end');
}

describe('POST /api/workouts', () => {
  it('saves a workout and answers 201 with exactly the public fields', async () => {
    const u = await createUser(t.app);
    const res = await save(u, { pushups: 42, notes: 'Felt strong' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      userId: u.id,
      challenge: 'pushup-90',
      score: 42,
      pushups: 42,
      notes: 'Felt strong',
      createdAt: NOW.toISOString(),
      verified: false,
      tier: 'entered',
      hidden: null,
      previousBest: null,
      // A first set earns its badge (docs/decisions/0267-badges-set-based-and-backfilled.md).
      newBadges: expect.arrayContaining([expect.objectContaining({ kind: 'first-set' })]),
    });
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      challenge: 'pushup-90',
      score: 42,
      notes: 'Felt strong',
      idempotencyKey: null,
    });
    expect(rows[0]!.createdAt.toISOString()).toBe(NOW.toISOString());
  });

  it.each([1, 300])('accepts the bounds (%i push-ups)', async (pushups) => {
    const u = await createUser(t.app);
    const res = await save(u, { pushups });
    expect(res.statusCode).toBe(201);
    expect(res.json().pushups).toBe(pushups);
  });

  it.each([
    ['zero', { pushups: 0 }, 'Please enter a number greater than zero'],
    ['negative', { pushups: -5 }, 'Please enter a number greater than zero'],
    ['fractional', { pushups: 12.5 }, 'Push-ups must be a whole number'],
    ['a string', { pushups: '12' }, 'Push-ups must be a number'],
    ['huge', { pushups: 1e9 }, 'Push-ups must be at most 300'],
    ['one over the maximum', { pushups: 301 }, 'Push-ups must be at most 300'],
    ['null', { pushups: null }, 'Push-ups must be a number'],
    ['missing', { notes: 'no count' }, 'Push-ups are required'],
  ])('rejects a count that is %s with 400 and stores nothing', async (_label, body, message) => {
    const u = await createUser(t.app);
    const res = await save(u, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { pushups: [message] } });
    expect(await rowsOf(u.id)).toHaveLength(0);
  });

  it('trims notes and stores whitespace-only or empty notes as null', async () => {
    const u = await createUser(t.app);
    const trimmed = await save(u, { pushups: 10, notes: '  morning set \n' });
    expect(trimmed.json().notes).toBe('morning set');
    const blank = await save(u, { pushups: 11, notes: '   \t ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().notes).toBeNull();
    const empty = await save(u, { pushups: 12, notes: '' });
    expect(empty.json().notes).toBeNull();
    const rows = await rowsOf(u.id);
    expect(rows.map((r) => r.notes)).toEqual(['morning set', null, null]);
  });

  it('allows 500 characters of notes (after trimming) and refuses 501', async () => {
    const u = await createUser(t.app);
    const ok = await save(u, { pushups: 10, notes: `  ${'a'.repeat(500)}  ` });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().notes).toBe('a'.repeat(500));
    const long = await save(u, { pushups: 10, notes: 'b'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'Notes must be at most 500 characters',
      errors: { notes: ['Notes must be at most 500 characters'] },
    });
    const notText = await save(u, { pushups: 10, notes: 5 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().errors.notes).toEqual(['Notes must be text']);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  describe('createdAt (docs/product.md#custom-time, against the server clock)', () => {
    it('accepts a time 6 days back and stores it exactly', async () => {
      const u = await createUser(t.app);
      const at = ago(6 * DAY);
      const res = await save(u, { pushups: 20, createdAt: at.toISOString() });
      expect(res.statusCode).toBe(201);
      expect(res.json().createdAt).toBe(at.toISOString());
    });

    it('accepts an offset time and answers in UTC', async () => {
      const u = await createUser(t.app);
      const res = await save(u, { pushups: 20, createdAt: '2026-03-01T12:30:00+01:00' });
      expect(res.statusCode).toBe(201);
      expect(res.json().createdAt).toBe('2026-03-01T11:30:00.000Z');
    });

    it('allows up to 2 minutes of clock skew into the future', async () => {
      const u = await createUser(t.app);
      const res = await save(u, {
        pushups: 20,
        createdAt: new Date(NOW.getTime() + MIN).toISOString(),
      });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      [
        'in the future',
        new Date(NOW.getTime() + 10 * MIN).toISOString(),
        'The workout time cannot be in the future',
      ],
      [
        '8 days back',
        ago(8 * DAY).toISOString(),
        'The workout time cannot be more than 7 days ago',
      ],
      [
        'just over 7 days back',
        ago(7 * DAY + 1000).toISOString(),
        'The workout time cannot be more than 7 days ago',
      ],
      [
        'not a date-time',
        'yesterday',
        'createdAt must be an ISO date-time, e.g. 2026-03-01T12:00:00Z',
      ],
      [
        'without an offset',
        '2026-03-01T10:00:00',
        'createdAt must be an ISO date-time, e.g. 2026-03-01T12:00:00Z',
      ],
    ])('refuses a time %s with 400', async (_label, createdAt, message) => {
      const u = await createUser(t.app);
      const res = await save(u, { pushups: 20, createdAt });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { createdAt: [message] } });
      expect(await rowsOf(u.id)).toHaveLength(0);
    });

    it('follows the server clock when it moves', async () => {
      const u = await createUser(t.app);
      const at = ago(6 * DAY).toISOString();
      t.clock.advance(2 * DAY);
      const res = await save(u, { pushups: 20, createdAt: at });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.createdAt).toEqual([
        'The workout time cannot be more than 7 days ago',
      ]);
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the first result for a retry with the same key and body, storing one row', async () => {
      const u = await createUser(t.app);
      const key = randomUUID();
      const body = { pushups: 33, notes: 'retry me' };
      const first = await save(u, body, { 'idempotency-key': key });
      t.clock.advance(5000);
      const second = await save(u, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const rows = await rowsOf(u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.idempotencyKey).toBe(key);
    });

    it('treats the key case-insensitively and compares the normalised body', async () => {
      const u = await createUser(t.app);
      const key = randomUUID();
      const first = await save(u, { pushups: 15, notes: 'x' }, { 'idempotency-key': key });
      const second = await save(
        u,
        { pushups: 15, notes: '  x  ' },
        { 'idempotency-key': key.toUpperCase() },
      );
      expect(second.statusCode).toBe(201);
      expect(second.body).toBe(first.body);
      expect(await rowsOf(u.id)).toHaveLength(1);
    });

    it('answers 422 for the same key with a different body and changes nothing', async () => {
      const u = await createUser(t.app);
      const key = randomUUID();
      const first = await save(u, { pushups: 40 }, { 'idempotency-key': key });
      for (const other of [
        { pushups: 41 },
        { pushups: 40, notes: 'now with notes' },
        { pushups: 40, createdAt: ago(DAY).toISOString() },
      ]) {
        const res = await save(u, other, { 'idempotency-key': key });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message:
            'This Idempotency-Key was already used for a different workout. Make a new key for a new save.',
        });
      }
      const rows = await rowsOf(u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.json().id, score: 40, notes: null });
    });

    it('creates exactly one row when identical requests race', async () => {
      const u = await createUser(t.app);
      const key = randomUUID();
      const body = { pushups: 77, notes: 'race' };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => save(u, body, { 'idempotency-key': key })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const bodies = new Set(results.map((r) => r.body));
      expect(bodies.size).toBe(1);
      const rows = await rowsOf(u.id);
      expect(rows).toHaveLength(1);
      expect(results[0]!.json()).toEqual({
        id: rows[0]!.id,
        userId: u.id,
        challenge: 'pushup-90',
        score: 77,
        pushups: 77,
        notes: 'race',
        createdAt: NOW.toISOString(),
        verified: false,
        tier: 'entered',
        hidden: null,
        previousBest: null,
        newBadges: expect.arrayContaining([expect.objectContaining({ kind: 'first-set' })]),
      });
    });

    it('answers a lost insert race (unique violation) with the stored row, or 422 for another body', async () => {
      // PGlite runs one query at a time, so the race above may never reach the insert there.
      // Here the first lookup is made to miss, as when two requests check before either inserts.
      const u = await createUser(t.app);
      const key = randomUUID();
      const first = await save(u, { pushups: 64 }, { 'idempotency-key': key });
      const racy = () => {
        let missed = false;
        return new Proxy(t.app.db, {
          get(target, prop, receiver) {
            if (prop === 'select' && !missed) {
              missed = true;
              const chain = { from: () => chain, where: () => chain, limit: async () => [] };
              return () => chain;
            }
            return Reflect.get(target, prop, receiver);
          },
        });
      };
      const again = await service.createWorkout(
        racy(),
        u.id,
        { challenge: 'pushup-90', score: 64 },
        key,
        NOW,
      );
      // The service answers the workout with previousBest, as the route sends it.
      expect(again).toEqual({ workout: first.json(), replayed: true });
      await expect(
        service.createWorkout(racy(), u.id, { challenge: 'pushup-90', score: 65 }, key, NOW),
      ).rejects.toMatchObject({
        statusCode: 422,
      });
      expect(await rowsOf(u.id)).toHaveLength(1);
    });

    it('lets different users use the same key', async () => {
      const a = await createUser(t.app);
      const b = await createUser(t.app);
      const key = randomUUID();
      const ra = await save(a, { pushups: 10 }, { 'idempotency-key': key });
      const rb = await save(b, { pushups: 20 }, { 'idempotency-key': key });
      expect(ra.statusCode).toBe(201);
      expect(rb.statusCode).toBe(201);
      expect(ra.json().id).not.toBe(rb.json().id);
      expect(rb.json()).toMatchObject({ userId: b.id, pushups: 20 });
      expect(await rowsOf(a.id)).toHaveLength(1);
      expect(await rowsOf(b.id)).toHaveLength(1);
    });

    it.each(['not-a-uuid', '12345', '', `${randomUUID()}x`])(
      'refuses the malformed key %j with 400',
      async (key) => {
        const u = await createUser(t.app);
        const res = await save(u, { pushups: 10 }, { 'idempotency-key': key });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: 'The Idempotency-Key header must be a UUID',
          errors: { 'idempotency-key': ['The Idempotency-Key header must be a UUID'] },
        });
        expect(await rowsOf(u.id)).toHaveLength(0);
      },
    );

    it('saves without a key, with no de-duplication', async () => {
      const u = await createUser(t.app);
      const a = await save(u, { pushups: 10 });
      const b = await save(u, { pushups: 10 });
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(a.json().id).not.toBe(b.json().id);
      expect(await rowsOf(u.id)).toHaveLength(2);
    });
  });

  it('lands 50 concurrent saves of one user, and the stats add up exactly', async () => {
    const u = await createUser(t.app);
    // Distinct times in a shuffled order, so "last" must follow createdAt, not insertion order.
    const inputs = Array.from({ length: 50 }, (_, i) => ({
      pushups: ((i * 37) % 300) + 1,
      createdAt: ago(((i * 17) % 50) * MIN).toISOString(),
    }));
    const results = await Promise.all(
      inputs.map((body) => save(u, body, { 'idempotency-key': randomUUID() })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(50);

    const newest = inputs.find((w) => w.createdAt === NOW.toISOString())!;
    const expected = {
      totalWorkouts: 50,
      totalPushups: inputs.reduce((s, w) => s + w.pushups, 0),
      bestPushups: Math.max(...inputs.map((w) => w.pushups)),
      lastPushups: newest.pushups,
      verifiedBest: 0,
    };
    expect(expected).toEqual({
      totalWorkouts: 50,
      totalPushups: 7575,
      bestPushups: 297,
      lastPushups: 1,
      verifiedBest: 0,
    });
    const res = await stats(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(expected);
    expect(await rowsOf(u.id)).toHaveLength(50);
  });
});

describe('GET /api/workouts', () => {
  it('lists only my workouts, newest first (ties by id), with exactly the public fields', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    const old = await createWorkout(t.app, me.id, {
      pushups: 5,
      createdAt: ago(3 * DAY),
      notes: 'old',
    });
    const tieA = await createWorkout(t.app, me.id, { pushups: 6, createdAt: ago(DAY) });
    const tieB = await createWorkout(t.app, me.id, { pushups: 7, createdAt: ago(DAY) });
    const recent = await createWorkout(t.app, me.id, { pushups: 8, createdAt: ago(MIN) });
    await createWorkout(t.app, other.id, { pushups: 99, createdAt: NOW });

    const res = await list(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.json()).toEqual([
      {
        id: recent.id,
        userId: me.id,
        challenge: 'pushup-90',
        score: 8,
        pushups: 8,
        notes: null,
        createdAt: ago(MIN).toISOString(),
        verified: false,
        tier: 'entered',
        hidden: null,
      },
      {
        id: tieB.id,
        userId: me.id,
        challenge: 'pushup-90',
        score: 7,
        pushups: 7,
        notes: null,
        createdAt: ago(DAY).toISOString(),
        verified: false,
        tier: 'entered',
        hidden: null,
      },
      {
        id: tieA.id,
        userId: me.id,
        challenge: 'pushup-90',
        score: 6,
        pushups: 6,
        notes: null,
        createdAt: ago(DAY).toISOString(),
        verified: false,
        tier: 'entered',
        hidden: null,
      },
      {
        id: old.id,
        userId: me.id,
        challenge: 'pushup-90',
        score: 5,
        pushups: 5,
        notes: 'old',
        createdAt: ago(3 * DAY).toISOString(),
        verified: false,
        tier: 'entered',
        hidden: null,
      },
    ]);
  });

  it('is an empty array for a new user', async () => {
    const u = await createUser(t.app);
    const res = await list(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('serves 100 by default and the rest on the next page', async () => {
    const u = await createUser(t.app);
    await t.app.db.insert(workouts).values(
      Array.from({ length: 101 }, (_, i) => ({
        userId: u.id,
        score: 10,
        createdAt: ago(i * MIN),
      })),
    );
    const first = await list(u);
    expect(first.json()).toHaveLength(100);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await list(u, `?cursor=${cursor}`);
    expect(second.json()).toHaveLength(1);
    expect(second.json()[0].createdAt).toBe(ago(100 * MIN).toISOString());
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('walks every row exactly once with limit and cursor, including equal createdAt', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    // 23 rows in 4 clusters of equal time, inserted out of order.
    const times = [2, 0, 1, 2, 3, 0, 2, 1, 1, 3, 2, 0, 2, 1, 3, 0, 2, 2, 1, 0, 3, 2, 1].map((h) =>
      ago(h * 60 * MIN),
    );
    for (const at of times) await createWorkout(t.app, u.id, { createdAt: at });
    await createWorkout(t.app, other.id, { createdAt: ago(MIN) });
    const expected = (await rowsOf(u.id))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
    expect(expected).toHaveLength(23);
    for (const limit of [1, 2, 4, 5, 22, 23, 24, 500]) {
      expect(await walk(u, limit)).toEqual(expected);
    }
  });

  it('keeps pages stable for times that differ below a millisecond', async () => {
    const u = await createUser(t.app);
    // PostgreSQL keeps microseconds; a cursor rounded to a JS Date would skip or repeat these.
    const stamps = [
      '2026-03-01T11:00:00.123789Z',
      '2026-03-01T11:00:00.123456Z',
      '2026-03-01T11:00:00.123456Z',
      '2026-03-01T11:00:00.123001Z',
    ];
    for (const s of stamps) {
      await t.app.db
        .insert(workouts)
        .values({ userId: u.id, score: 10, createdAt: sql`${s}::timestamptz` });
    }
    const rows = await t.app.db
      .select({ id: workouts.id })
      .from(workouts)
      .where(eq(workouts.userId, u.id))
      .orderBy(sql`${workouts.createdAt} desc, ${workouts.id} desc`);
    const expected = rows.map((r) => r.id);
    expect(await walk(u, 1)).toEqual(expected);
    expect(await walk(u, 2)).toEqual(expected);
  });

  it('does not repeat or skip rows when a workout is saved between pages', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 4; i++) await createWorkout(t.app, u.id, { createdAt: ago((i + 1) * MIN) });
    const first = await list(u, '?limit=2');
    await save(u, { pushups: 50 });
    const second = await list(u, `?limit=2&cursor=${first.headers['x-next-cursor']}`);
    const seen = [...first.json(), ...second.json()].map((w: Workout) => w.createdAt);
    expect(seen).toEqual([1, 2, 3, 4].map((m) => ago(m * MIN).toISOString()));
  });

  it.each([
    ['?limit=0', 'limit', 'limit must be at least 1'],
    ['?limit=501', 'limit', 'limit must be at most 500'],
    ['?limit=abc', 'limit', 'limit must be a number'],
    ['?limit=2.5', 'limit', 'limit must be a whole number'],
    [
      '?cursor=not*base64',
      'cursor',
      'cursor is not valid; pass back the X-Next-Cursor header unchanged',
    ],
    [
      `?cursor=${Buffer.from('hello').toString('base64url')}`,
      'cursor',
      'cursor is not valid; pass back the X-Next-Cursor header unchanged',
    ],
    [
      `?cursor=${Buffer.from('2026-02-30T10:00:00.000000|5').toString('base64url')}`,
      'cursor',
      'cursor is not valid; pass back the X-Next-Cursor header unchanged',
    ],
    [
      `?cursor=${Buffer.from('2026-02-10T10:00:00.000000|99999999999').toString('base64url')}`,
      'cursor',
      'cursor is not valid; pass back the X-Next-Cursor header unchanged',
    ],
    ['?cursor=', 'cursor', 'cursor must not be empty'],
  ])('refuses %s with 400', async (query, field, message) => {
    const u = await createUser(t.app);
    const res = await list(u, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
  });
});

describe('DELETE /api/workouts/:id', () => {
  it('deletes my own workout with 204 and an empty body', async () => {
    const u = await createUser(t.app);
    const keep = await createWorkout(t.app, u.id, { pushups: 10 });
    const gone = await createWorkout(t.app, u.id, { pushups: 20 });
    const res = await remove(u, gone.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await rowsOf(u.id)).map((r) => r.id)).toEqual([keep.id]);
    expect((await stats(u)).json()).toMatchObject({
      lastPushups: 10,
      bestPushups: 10,
      totalWorkouts: 1,
      totalPushups: 10,
      verifiedBest: 0,
    });
    const again = await remove(u, gone.id);
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's workout and leaves it alone", async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const w = await createWorkout(t.app, owner.id, { pushups: 25 });
    const res = await remove(intruder, w.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Workout not found.' });
    const still = await t.app.db
      .select()
      .from(workouts)
      .where(and(eq(workouts.id, w.id), eq(workouts.userId, owner.id)));
    expect(still).toHaveLength(1);
  });

  it('answers 404 for an id that does not exist', async () => {
    const u = await createUser(t.app);
    const res = await remove(u, 2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Workout not found.' });
  });

  it.each([
    ['abc', 'The workout id must be a number'],
    ['1.5', 'The workout id must be a whole number'],
    ['0', 'The workout id must be positive'],
    ['-3', 'The workout id must be positive'],
    ['99999999999', 'The workout id is too large'],
  ])('refuses the id %j with 400', async (id, message) => {
    const u = await createUser(t.app);
    const res = await remove(u, id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { id: [message] } });
  });
});

describe('previousBest in the save answer', () => {
  it("is the member's best before this save: null first, then beaten or not", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    await createWorkout(t.app, other.id, { pushups: 300 });
    expect((await save(u, { pushups: 30 })).json().previousBest).toBeNull();
    expect((await save(u, { pushups: 25 })).json().previousBest).toBe(30);
    expect((await save(u, { pushups: 31 })).json()).toMatchObject({
      pushups: 31,
      previousBest: 30,
    });
    // An earlier-dated set is still compared with every set saved before it.
    const back = await save(u, { pushups: 40, createdAt: ago(3 * DAY).toISOString() });
    expect(back.json().previousBest).toBe(31);
    expect((await save(u, { pushups: 40 })).json().previousBest).toBe(40);
  });

  it('is the same on a replay with the same key, whatever was saved since', async () => {
    const u = await createUser(t.app);
    await save(u, { pushups: 10 });
    const key = randomUUID();
    const first = await save(u, { pushups: 20 }, { 'idempotency-key': key });
    expect(first.json().previousBest).toBe(10);
    await save(u, { pushups: 50 });
    const again = await save(u, { pushups: 20 }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('is right for saves written together in one statement (server/src/routes/workouts/save-batch.ts)', async () => {
    const u = await createUser(t.app);
    await save(u, { pushups: 15 });
    const counts = [12, 40, 18, 41, 5, 39];
    const answers = (await Promise.all(counts.map((pushups) => save(u, { pushups })))).map((r) =>
      r.json(),
    );
    let best = 15;
    for (const a of [...answers].sort((x, y) => x.id - y.id)) {
      expect(a.previousBest).toBe(best);
      best = Math.max(best, a.pushups);
    }
    expect(await rowsOf(u.id)).toHaveLength(7);
  });

  it('does not count a deleted best', async () => {
    const u = await createUser(t.app);
    const best = (await save(u, { pushups: 60 })).json();
    expect((await remove(u, best.id)).statusCode).toBe(204);
    expect((await save(u, { pushups: 20 })).json().previousBest).toBeNull();
  });
});

describe('GET /api/stats', () => {
  it('is all zeros for a new user', async () => {
    const u = await createUser(t.app);
    const res = await stats(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      challenge: 'pushup-90',
      lastScore: 0,
      bestScore: 0,
      totalScore: 0,
      lastPushups: 0,
      bestPushups: 0,
      totalWorkouts: 0,
      totalPushups: 0,
      verifiedBest: 0,
      weeklyGoal: 3,
      sessionsThisWeek: 0,
      weekStreak: 0,
    });
  });

  it('counts only my workouts; last is the newest by createdAt, not the latest saved', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    await createWorkout(t.app, other.id, { pushups: 300, createdAt: NOW });
    await save(u, { pushups: 30 });
    await save(u, { pushups: 55, createdAt: ago(2 * DAY).toISOString() });
    await save(u, { pushups: 12, createdAt: ago(DAY).toISOString() });
    const res = await stats(u);
    expect(res.json()).toMatchObject({
      lastPushups: 30,
      bestPushups: 55,
      totalWorkouts: 3,
      totalPushups: 97,
      verifiedBest: 0,
    });
  });

  it('breaks a tie on createdAt by the higher id', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 40, createdAt: ago(MIN) });
    await createWorkout(t.app, u.id, { pushups: 41, createdAt: ago(MIN) });
    expect((await stats(u)).json().lastPushups).toBe(41);
  });
});

describe('sign-in', () => {
  it.each([
    ['POST', '/api/workouts', { pushups: 10 }],
    ['POST', '/api/workouts', { pushups: 'not even valid' }],
    ['GET', '/api/workouts', undefined],
    ['GET', '/api/workouts?limit=0', undefined],
    ['DELETE', '/api/workouts/1', undefined],
    ['DELETE', '/api/workouts/abc', undefined],
    ['GET', '/api/stats', undefined],
  ] as const)('%s %s without a session is 401 JSON', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('a forged session cookie changes nothing', async () => {
    const before = await t.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(workouts);
    const res = await save({ headers: { cookie: 'fitbench_session=forged' } } as MadeUser, {
      pushups: 10,
    });
    expect(res.statusCode).toBe(401);
    const after = await t.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(workouts);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
