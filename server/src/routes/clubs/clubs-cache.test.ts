import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedClub } from '@common/schemas/clubs';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { users } from '../../db/schema';
import { BOARD_CHANNEL, BoardCache, listenForBoardChanges } from '../leaderboard';
import { untilEnabled, useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';

// Club boards with the board cache on, listening to the database as server/src/index.ts sets it up:
// a change made behind this app's back (as by another instance) must reach the cached board.
const cache = new BoardCache();
const t = useTestApp({}, { boardCache: cache });
let stop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (t.database.kind === 'postgres') {
    stop = listenForBoardChanges(t.database.url!, cache, () => undefined);
    await untilEnabled(cache);
  } else {
    const unlisten = await t.database.pglite!.listen(BOARD_CHANNEL, () => cache.invalidate());
    stop = async () => unlisten();
  }
});
afterAll(() => stop());

const names = async (headers: { cookie: string }) => {
  const res = await t.app.inject({ url: '/api/clubs/cached-club/leaderboard/all_time', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as LeaderboardEntry[]).map((e) => e.username);
};
/** Until the board shows `expected` (PostgreSQL's notice arrives a moment after the commit). */
async function eventually(read: () => Promise<string[]>, expected: string[]) {
  let last: string[] = [];
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(last).toEqual(expected);
}

describe('club boards in the board cache', () => {
  it('sees membership, new bests and privacy changed behind the app, and is served from the cache meanwhile', async () => {
    const ann = await createUser(t.app, { username: 'cache_ann' });
    const bob = await createUser(t.app, { username: 'cache_bob' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: ann.headers,
      payload: { name: 'Cached Club', visibility: 'public' },
    });
    const club = res.json() as CreatedClub;
    expect(club.slug).toBe('cached-club');
    await createWorkout(t.app, ann.id, { pushups: 30 });
    await createWorkout(t.app, bob.id, { pushups: 40 });
    expect(await names(ann.headers)).toEqual(['cache_ann']);
    const before = cache.size;
    expect(before).toBeGreaterThan(0);
    expect(await names(ann.headers)).toEqual(['cache_ann']);

    // A join written straight to the table, as another instance would.
    await t.app.db.execute(
      sql`insert into club_members (club_id, user_id, role) select id, ${bob.id}, 'member' from clubs where slug = 'cached-club'`,
    );
    await eventually(() => names(ann.headers), ['cache_bob', 'cache_ann']);
    await createWorkout(t.app, ann.id, { pushups: 50 });
    await eventually(() => names(ann.headers), ['cache_ann', 'cache_bob']);
    // Bob goes private: visitors no longer see him; the club's members still do.
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, bob.id));
    await eventually(() => names({ cookie: '' }), ['cache_ann']);
    expect(await names(ann.headers)).toEqual(['cache_ann', 'cache_bob']);
    // Leaving through the app is seen at once, by the one who left too.
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/clubs/cached-club/leave',
      headers: bob.headers,
    });
    expect(left.statusCode).toBe(204);
    expect(await names(ann.headers)).toEqual(['cache_ann']);
  });

  it("keeps a board's club lookup with it, and drops both when the club's row changes behind the app", async () => {
    const dee = await createUser(t.app, { username: 'cache_dee' });
    await createWorkout(t.app, dee.id, { pushups: 20 });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: dee.headers,
      payload: { name: 'Lookup Club', visibility: 'public' },
    });
    expect(made.statusCode).toBe(201);
    const visitor = () => t.app.inject({ url: '/api/clubs/lookup-club/leaderboard/all_time' });
    expect((await visitor()).statusCode).toBe(200);
    // The second read is the cache's: the lookup and the board both kept.
    const kept = cache.size;
    expect((await visitor()).statusCode).toBe(200);
    expect(cache.size).toBe(kept);
    // Made invite-only straight in the table, as another instance (or a moderator's tool) would.
    await t.app.db.execute(sql`update clubs set visibility = 'invite' where slug = 'lookup-club'`);
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      status = (await visitor()).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(404);
    // Its member still reads it.
    const own = await t.app.inject({
      url: '/api/clubs/lookup-club/leaderboard/all_time',
      headers: dee.headers,
    });
    expect(own.statusCode).toBe(200);
  });

  it("drops a club's cached boards when a moderator removes the club on another instance, and when it is restored", async () => {
    const cy = await createUser(t.app, { username: 'cache_cy' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: cy.headers,
      payload: { name: 'Removed Club', visibility: 'public' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await createWorkout(t.app, cy.id, { pushups: 25 });
    const read = () =>
      t.app.inject({ url: '/api/clubs/removed-club/leaderboard/all_time', headers: cy.headers });
    expect((await read()).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    /** Until the notice of a change made behind the app's back has emptied the cache. */
    const emptied = async () => {
      for (let i = 0; i < 100 && cache.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(cache.size).toBe(0);
    };
    // Written straight to the table, as the moderation route of another instance would.
    await t.app.db.execute(
      sql`update clubs set removed_at = now(), removed_reason = 'Spam' where slug = 'removed-club'`,
    );
    await emptied();
    expect((await read()).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/leaderboard/all_time' })).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    await t.app.db.execute(
      sql`update clubs set removed_at = null, removed_reason = null where slug = 'removed-club'`,
    );
    await emptied();
    const back = await read();
    expect(back.statusCode).toBe(200);
    expect((back.json() as LeaderboardEntry[]).map((e) => e.username)).toEqual(['cache_cy']);
  });
});
