import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { env } from '../../env';
import { BoardCache, listenForBoardChanges } from './board-cache';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';
import { compressJson, type JsonEncoding } from '../../plugins/compression';
import { boardBytes, sliceBoard, toBoardText } from './leaderboard.service';

// The board with its process cache on: it must never show a board older than the last save.
const cache = new BoardCache();
const t = useTestApp({}, { boardCache: cache });

const board = async (app: App, q = '') => {
  const res = await app.inject({ url: `/api/leaderboard/all_time${q}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as { username: string; pushups: number; rank: number; gender: string | null }[];
};
const save = (headers: { cookie: string }, pushups: number) =>
  t.app.inject({ method: 'POST', url: '/api/workouts', headers, payload: { pushups } });

describe('leaderboard cache', () => {
  it('serves repeated reads from the cache as the same JSON array', async () => {
    const u = await createUser(t.app);
    expect((await save(u.headers, 40)).statusCode).toBe(201);
    // A period's first read in a process learns that it is complete and is kept at its length
    // (docs/decisions/0073-first-board-of-a-period.md); the next loads the longest board.
    const uncached = await board(t.app);
    const first = await board(t.app);
    expect(first).toEqual(uncached);
    expect(Array.isArray(first)).toBe(true);
    expect(first.find((e) => e.username === u.username)?.pushups).toBe(40);
    // A workout written behind the app's back (no request through it) is not seen while the
    // cached board is current: the second read came from the cache.
    const sneaky = await createUser(t.app);
    await createWorkout(t.app, sneaky.id, { pushups: 250 });
    expect(await board(t.app)).toEqual(first);
    // The next write through the app drops the cache, and both show.
    expect((await save(u.headers, 41)).statusCode).toBe(201);
    expect((await board(t.app)).find((e) => e.username === sneaky.username)?.pushups).toBe(250);
  });

  it('shows a save, a delete and a profile change on the very next read', async () => {
    const u = await createUser(t.app);
    await board(t.app); // cache the board
    const saved = await save(u.headers, 77);
    expect((await board(t.app)).find((e) => e.username === u.username)?.pushups).toBe(77);

    await board(t.app, '?gender=female');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { gender: 'female' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await board(t.app, '?gender=female')).some((e) => e.username === u.username)).toBe(
      true,
    );

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workouts/${saved.json().id}`,
      headers: u.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await board(t.app)).some((e) => e.username === u.username)).toBe(false);
  });

  it('a refused or failed write, or one that changes no board, keeps the cached boards', async () => {
    const u = await createUser(t.app);
    expect((await save(u.headers, 60)).statusCode).toBe(201);
    const cached = await board(t.app);
    const sneaky = await createUser(t.app);
    await createWorkout(t.app, sneaky.id, { pushups: 260 });
    const refused = [
      await save(u.headers, 0), // 400
      await save({ cookie: 'fitbench_session=nope' }, 50), // 401
      await t.app.inject({ method: 'DELETE', url: '/api/workouts/2147483647', headers: u.headers }), // 404
      await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: u.headers,
        payload: { age: 2 },
      }), // 400
      await t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: { ...u.headers, origin: 'https://evil.example' },
        payload: { pushups: 5 },
      }), // 403
      await t.app.inject({ method: 'POST', url: '/api/logout' }), // 204, but no board changes
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 401, 404, 400, 403, 204]);
    expect(await board(t.app)).toEqual(cached);
    expect((await save(u.headers, 61)).statusCode).toBe(201);
    expect((await board(t.app)).some((e) => e.username === sneaky.username)).toBe(true);
  });

  it('?limit= takes a prefix of one cached board instead of adding entries', async () => {
    for (let i = 0; i < 3; i++) {
      const u = await createUser(t.app);
      expect((await save(u.headers, 100 + i)).statusCode).toBe(201);
    }
    const full = await board(t.app);
    const entries = cache.size;
    for (const limit of [1, 2, 3, 7, 100, 500]) {
      expect(await board(t.app, `?limit=${limit}`)).toEqual(full.slice(0, limit));
    }
    expect(cache.size).toBe(entries);
    expect(full.length).toBeGreaterThanOrEqual(3);
  });

  it('keys boards by period instants and filters, not by the zone name', async () => {
    const a = await board(t.app, '?tz=UTC');
    const b = await board(t.app, '?tz=Etc/UTC');
    expect(b).toEqual(a);
    const limited = await board(t.app, '?limit=1');
    expect(limited.length).toBeLessThanOrEqual(1);
  });
});

describe('with the cache off', () => {
  it('concurrent reads of one board keep their own lengths, and a save shows in every read asked after it', async () => {
    cache.setEnabled(false);
    try {
      const users = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
      for (const [i, u] of users.entries())
        expect((await save(u.headers, 280 + i)).statusCode).toBe(201);
      // Asked together, they may share reads (docs/decisions/0075-fresh-reads-shared.md), but
      // each gets the length it asked for.
      const lengths = await Promise.all(
        [3, 1, 3, 2].map(async (n) => (await board(t.app, `?limit=${n}`)).length),
      );
      expect(lengths).toEqual([3, 1, 3, 2]);
      // A save answered while reads are in flight shows in every read asked for after it.
      const before = Promise.all([0, 1, 2].map(() => board(t.app, '?limit=1')));
      expect((await save(users[0]!.headers, 299)).statusCode).toBe(201);
      const after = await Promise.all([0, 1, 2].map(() => board(t.app, '?limit=1')));
      await before;
      for (const top of after)
        expect(top[0]).toMatchObject({ username: users[0]!.username, pushups: 299 });
      expect(cache.size).toBe(0);
    } finally {
      cache.setEnabled(true);
    }
  });
});

describe('compressed boards', () => {
  it('compresses a cached board once per limit and encoding, as the plugin would negotiate it', async () => {
    for (let i = 0; i < 30; i++) {
      const u = await createUser(t.app);
      await createWorkout(t.app, u.id, { pushups: 100 + i });
    }
    // A save through the app drops what was cached before the rows above.
    const u = await createUser(t.app);
    expect((await save(u.headers, 99)).statusCode).toBe(201);
    const url = '/api/leaderboard/all_time';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
      ['identity', undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      for (let round = 0; round < 2; round++) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        if (encoding) expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    // A shorter board is its own slice, compressed.
    const ten = await t.app.inject({
      url: `${url}?limit=10`,
      headers: { 'accept-encoding': 'br' },
    });
    const tenPlain = await t.app.inject({ url: `${url}?limit=10` });
    expect(brotliDecompressSync(ten.rawPayload).toString()).toBe(tenPlain.body);
    // With the cache off, each read's bytes are compressed at the lowest level, and still decode
    // to the same board.
    cache.setEnabled(false);
    try {
      for (const [accept, encoding, decode] of cases.slice(0, 2)) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
        expect(
          res.rawPayload.equals(compressJson(plain.body, encoding as JsonEncoding, true)),
        ).toBe(true);
      }
    } finally {
      cache.setEnabled(true);
    }
  });

  it('keeps each compressed slice, and at most a few per board', () => {
    const board = toBoardText(
      Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({ rank: i + 1, username: `u${i}` }),
      ).join('\n'),
    );
    const first = boardBytes(board, 100, 'br');
    expect(boardBytes(board, 100, 'br')).toBe(first);
    expect(boardBytes(board, 500, 'br')).toBe(first); // past the end: the whole board
    expect(JSON.parse(gunzipSync(boardBytes(board, 2, 'gzip')).toString())).toHaveLength(2);
    for (let limit = 1; limit <= 20; limit++) boardBytes(board, limit, 'gzip');
    expect(board.compressed!.size).toBeLessThanOrEqual(8);
    // As they are: the same text, as bytes kept too.
    const plain = boardBytes(board, 3, 'identity');
    expect(plain.toString()).toBe(sliceBoard(board, 3));
    expect(boardBytes(board, 3, 'identity')).toBe(plain);
  });
});

describe.runIf(env.TEST_DB_KIND === 'postgres')('two instances on one PostgreSQL', () => {
  let other: App;
  const otherCache = new BoardCache();
  let stop: () => Promise<void>;
  beforeAll(async () => {
    other = await buildApp({ db: t.database.db, boardCache: otherCache });
    stop = listenForBoardChanges(t.database.url!, otherCache, () => undefined);
    for (let i = 0; i < 100 && !otherCache.isEnabled; i++)
      await new Promise((r) => setTimeout(r, 20));
    // This instance listens too, as index.ts sets it up.
  });
  afterAll(async () => {
    await stop();
    await other.close();
  });

  it("a save through one instance reaches the other instance's cached board", async () => {
    expect(otherCache.isEnabled).toBe(true);
    const u = await createUser(t.app);
    await board(other); // cached on the other instance
    expect((await save(u.headers, 123)).statusCode).toBe(201);
    let seen = false;
    for (let i = 0; i < 50 && !seen; i++) {
      seen = (await board(other)).some((e) => e.username === u.username && e.pushups === 123);
      if (!seen) await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toBe(true);
  });
});
