import { describe, expect, it } from 'vitest';
import { leaderboardMeSchema, leaderboardSchema } from '@common/schemas/leaderboard';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';

const t = useTestApp({ saveMax: 3, saveWindowMs: 60 * 60_000 });
const save = (headers: { cookie: string }, body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

describe('saves', () => {
  it('refuses a workout dated before its owner registered (400 with a message)', async () => {
    t.clock.set('2026-11-21T12:00:00Z');
    const u = await createUser(t.app, { createdAt: new Date('2026-11-20T09:00:00Z') });
    const early = await save(u.headers, { pushups: 40, createdAt: '2026-11-19T12:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.createdAt[0]).toMatch(/before you joined/);
    expect(
      (await save(u.headers, { pushups: 40, createdAt: '2026-11-20T10:00:00Z' })).statusCode,
    ).toBe(201);
  });

  it('limits saves per member, atomically, with 429 and Retry-After; replays and refusals do not count', async () => {
    t.clock.set('2026-11-21T14:00:00Z');
    const u = await createUser(t.app);
    const key = '6f1c2a6e-0a3b-4c8e-9d3f-1a2b3c4d5e6f';
    expect((await save(u.headers, { pushups: 10 }, key)).statusCode).toBe(201);
    expect((await save(u.headers, { pushups: 10 }, key)).statusCode).toBe(201); // a replay
    expect((await save(u.headers, { pushups: 0 })).statusCode).toBe(400);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(u.headers, { pushups: 11 + i })),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().message).toMatch(/save again in 60 minutes/);
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toHaveLength(3);
    // Another member is not affected; the window ends.
    const other = await createUser(t.app);
    expect((await save(other.headers, { pushups: 5 })).statusCode).toBe(201);
    t.clock.advance(60 * 60_000 + 1);
    expect((await save(u.headers, { pushups: 12 })).statusCode).toBe(201);
  });

  it('ties on a board go to the save the server received first, not the earlier claimed createdAt', async () => {
    t.clock.set('2026-11-21T15:00:00Z');
    const honest = await createUser(t.app);
    const claimer = await createUser(t.app);
    // The honest member saves first, dated now.
    const first = await save(honest.headers, { pushups: 42 });
    expect(first.statusCode).toBe(201);
    // Five minutes later another member saves the same count, claiming it was done an hour ago.
    t.clock.advance(5 * 60_000);
    const late = await save(claimer.headers, { pushups: 42, createdAt: '2026-11-21T14:00:00Z' });
    expect(late.statusCode).toBe(201);
    // A second set of the same count, received later still but claimed even earlier, is not the
    // claimer's best: their first-received one is.
    t.clock.advance(60_000);
    expect(
      (await save(claimer.headers, { pushups: 42, createdAt: '2026-11-21T13:00:00Z' })).statusCode,
    ).toBe(201);

    for (const query of ['', '?limit=100']) {
      const res = await t.app.inject({ url: `/api/leaderboard/today${query}` });
      const rows = leaderboardSchema.parse(res.json()).filter((r) => r.pushups === 42);
      expect(rows.map((r) => r.id)).toEqual([first.json().id, late.json().id]);
      // They share the rank; the entry still shows the time the member gave.
      expect(rows.map((r) => r.rank)).toEqual([rows[0]!.rank, rows[0]!.rank]);
      expect(rows[1]!.createdAt).toBe('2026-11-21T14:00:00.000Z');
    }
    const me = await t.app.inject({ url: '/api/leaderboard/today/me', headers: claimer.headers });
    expect(leaderboardMeSchema.parse(me.json())).toMatchObject({ pushups: 42, id: late.json().id });
  });
});
