import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newKey, register, save, sleep, type Member } from './helpers/api';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// Two app processes on one PostgreSQL database: sessions, rate limits and leaderboards are one
// service, not two. Each instance keeps a leaderboard cache; a write on the other instance reaches
// it through LISTEN/NOTIFY (server/src/routes/leaderboard/board-cache.ts, docs/decisions/0019-leaderboard-cache.md).
// The throttles are set low here (not the suite's generous limits) so that counting on one
// instance only would let requests through.
const LOGIN_MAX_FAILURES = 4;
const SAVE_MAX = 4;

let db: FreshDatabase;
let a: Server;
let b: Server;
beforeAll(async () => {
  db = await freshDatabase('fitbench_twins');
  const env = {
    DATABASE_URL: db.url,
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
    SAVE_MAX: String(SAVE_MAX),
  };
  // Started together: the two take turns at the migrations (advisory lock).
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([waitReady(a), waitReady(b)]);
  console.log(`two instances on ports ${a.port} and ${b.port}, database on ${db.where}`);
}, 120_000);
afterAll(async () => {
  await Promise.all([a && stopServer(a), b && stopServer(b)]);
  await db?.drop();
});

const user = (base: string, m: Member) =>
  fetch(`${base}/api/user`, { headers: { cookie: m.cookie } });
const badLogin = (base: string, username: string, password: string) =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('two instances on one PostgreSQL', () => {
  it('a session made on A works on B, and logout on A ends it on B', async () => {
    const m = await register(a.base, 'twinsession');
    const onB = await user(b.base, m);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { username: string }).username).toBe('twinsession');

    const second = await login(b.base, m);
    const out = await fetch(`${a.base}/api/logout`, {
      method: 'POST',
      headers: { cookie: m.cookie },
    });
    expect(out.status).toBe(204);
    expect((await user(b.base, m)).status).toBe(401);
    expect((await user(a.base, m)).status).toBe(401);
    // Only that session ended: the one made on B still works on both.
    expect((await user(a.base, second)).status).toBe(200);
    expect((await user(b.base, second)).status).toBe(200);
  });

  it('the login throttle counts failures on both instances together', async () => {
    const m = await register(a.base, 'twinthrottle');
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      statuses.push(
        (await badLogin(i % 2 ? b.base : a.base, m.username, 'Wrong-password-1')).status,
      );
    }
    expect(statuses).toEqual(Array(LOGIN_MAX_FAILURES).fill(401));
    // Each instance saw only half the failures; together they reach the limit, so even the right
    // password is refused now, on either instance.
    expect((await badLogin(a.base, m.username, 'Wrong-password-1')).status).toBe(429);
    expect((await badLogin(b.base, m.username, m.password)).status).toBe(429);
  });

  it('the save limit counts saves on both instances together', async () => {
    const m = await register(b.base, 'twinsaves');
    const statuses: number[] = [];
    for (let i = 0; i < SAVE_MAX; i++)
      statuses.push((await save(i % 2 ? b.base : a.base, m, newKey(), 10 + i)).status);
    expect(statuses).toEqual(Array(SAVE_MAX).fill(201));
    expect((await save(a.base, m, newKey(), 20)).status).toBe(429);
    expect((await save(b.base, m, newKey(), 21)).status).toBe(429);
  });

  it("a save on one instance is on the other's (cached) leaderboard within 100 ms", async () => {
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await register(a.base, `twinboard${i}`));
    const board = async (base: string) => {
      const res = await fetch(`${base}/api/leaderboard/week?limit=100`);
      expect(res.status).toBe(200);
      return (await res.json()) as { id: number; pushups: number }[];
    };
    const delays: number[] = [];
    for (let i = 0; i < members.length; i++) {
      // Alternate directions: A writes and B reads, then B writes and A reads.
      const [writer, reader] = i % 2 ? [b, a] : [a, b];
      // The reader's cache holds the board as it is now (two reads: load, then hit).
      await board(reader.base);
      await board(reader.base);
      const r = await save(writer.base, members[i]!, newKey(), 100 + i);
      expect(r.status).toBe(201);
      const id = (r.body as { id: number }).id;
      const acked = Date.now();
      let seenAfter: number | undefined;
      // Reads that start within 100 ms of the acknowledgement; the first one that shows the save
      // counts from its start (its own round trip is not the cache's doing).
      for (let sent = Date.now(); sent - acked <= 100; sent = Date.now()) {
        if ((await board(reader.base)).some((e) => e.id === id && e.pushups === 100 + i)) {
          seenAfter = sent - acked;
          break;
        }
        await sleep(5);
      }
      expect(
        seenAfter,
        `save ${id} on port ${writer.port} not on port ${reader.port}'s board after 100 ms`,
      ).toBeDefined();
      delays.push(seenAfter!);
    }
    console.log(`save on one instance visible on the other's board after ${delays.join(', ')} ms`);
  });
});
