import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_FROM_CLUB } from '@common/schemas/clubs';
import { MODERATION_REFUSALS } from '@common/schemas/moderation';
import { buildApp, type App } from '../../app';
import { BoardCache, connectBoardCache } from '../leaderboard';
import { connectSessionCache, SessionCache } from '../../lib/session-cache';
import { untilEnabled, useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';
import { setModerator } from './moderation.service';

// Two instances on one database, each with its own session and board caches fed by the database's
// announcements, as two server processes have on PostgreSQL: a suspension or a hidden workout on
// one holds on the other at once. The embedded database is opened by one server process only
// (docs/decisions/0004-data-dir-lock.md), so on PGlite the second instance is a second app in this
// process, listening on the same database as the server's caches do (server/src/index.ts).
const cache = new SessionCache();
const t = useTestApp({}, { sessionCache: cache, boardCache: new BoardCache() });

describe('moderation across two instances on one database', () => {
  let other: App;
  const otherSessions = new SessionCache();
  const otherBoards = new BoardCache();
  const stops: (() => Promise<void>)[] = [];
  let mod: MadeUser;
  beforeAll(async () => {
    other = await buildApp({
      db: t.database.db,
      sessionCache: otherSessions,
      boardCache: otherBoards,
    });
    stops.push(await connectSessionCache(t.database, otherSessions, () => undefined));
    stops.push(await connectBoardCache(t.database, otherBoards, () => undefined));
    await other.ready();
    await untilEnabled(otherSessions);
    await untilEnabled(otherBoards);
    mod = await createUser(t.app);
    await setModerator(t.app.db, mod.username, true);
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await other?.close();
  });

  const act = (action: string, target: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: mod.headers,
      payload: { action, target, reason: 'Test' },
    });
  const board = async (app: App) =>
    (await app.inject({ url: '/api/leaderboard/all_time' })).json() as {
      username: string;
      score: number;
    }[];
  // What the other process has read off its LISTEN socket by now: a marker sent after the
  // change (announcements arrive in commit order).
  const heard = async () => {
    await otherSessions.sync();
  };

  it("a suspended member's cookie is a 401 on the other instance once the action has answered", async () => {
    const u = await createUser(t.app);
    expect((await other.inject({ url: '/api/user', headers: u.headers })).statusCode).toBe(200);
    expect(otherSessions.size).toBeGreaterThan(0);
    const res = await act('suspend', { kind: 'member', username: u.username });
    expect(res.statusCode, res.body).toBe(201);
    await heard();
    expect((await other.inject({ url: '/api/user', headers: u.headers })).statusCode).toBe(401);
    expect(
      (await act('lift-suspension', { kind: 'member', username: u.username })).statusCode,
    ).toBe(201);
    // The sessions ended for good: a lifted suspension signs nobody back in.
    expect((await other.inject({ url: '/api/user', headers: u.headers })).statusCode).toBe(401);
  });

  it("a hidden workout leaves the other instance's cached board", async () => {
    const u = await createUser(t.app);
    const w = await createWorkout(t.app, u.id, { pushups: 444 });
    await heard();
    const seen = async (want: boolean) => {
      for (let i = 0; i < 100; i++) {
        if ((await board(other)).some((e) => e.username === u.username && e.score === 444) === want)
          return true;
        await new Promise((r) => setTimeout(r, 10));
      }
      return false;
    };
    expect(await seen(true)).toBe(true); // now cached there
    expect((await act('hide-workout', { kind: 'workout', workoutId: w.id })).statusCode).toBe(201);
    expect(await seen(false)).toBe(true);
    expect((await act('unhide-workout', { kind: 'workout', workoutId: w.id })).statusCode).toBe(
      201,
    );
    expect(await seen(true)).toBe(true);
  });

  it("a removed club leaves the other instance's cached boards, and comes back with its undo", async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 33 });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: u.headers,
      payload: { name: `Two Sites ${Date.now() % 100000}`, visibility: 'public' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { slug } = made.json() as { slug: string };
    const read = () =>
      other.inject({ url: `/api/clubs/${slug}/leaderboard/all_time`, headers: u.headers });
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
      return cond();
    };
    expect(await until(() => otherBoards.isEnabled)).toBe(true);
    // Cached there (a late notice of the creation may empty it once: read until it stays).
    for (let i = 0; i < 50; i++) {
      expect((await read()).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
      if (otherBoards.size > 0) break;
    }
    expect(otherBoards.size).toBeGreaterThan(0);
    expect((await act('remove-club', { kind: 'club', slug })).statusCode).toBe(201);
    expect(await until(() => otherBoards.size === 0)).toBe(true);
    expect((await read()).statusCode).toBe(404);
    expect((await act('restore-club', { kind: 'club', slug })).statusCode).toBe(201);
    expect((await read()).statusCode).toBe(200);
  });

  // The rules of docs/decisions/0207 and 0208 are read from the database on each request, so they
  // hold on every instance at once: neither instance keeps a role or a removal of its own.
  it('a moderator made on one instance is off limits to moderators on the other at once', async () => {
    const fellow = await createUser(t.app);
    await other.inject({ url: '/api/user', headers: fellow.headers }); // cached there as a member
    await setModerator(t.app.db, fellow.username, true);
    await heard();
    const res = await other.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: mod.headers,
      payload: {
        action: 'suspend',
        target: { kind: 'member', username: fellow.username },
        reason: 'Test',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MODERATION_REFUSALS.fellow);
    expect((await other.inject({ url: '/api/user', headers: fellow.headers })).statusCode).toBe(
      200,
    );
  });

  it('a member removed from a club on one instance cannot rejoin with the code on the other', async () => {
    const admin = await createUser(t.app);
    const member = await createUser(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: admin.headers,
      payload: { name: `Two Doors ${Date.now() % 100000}`, visibility: 'invite' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { slug, inviteCode } = made.json() as { slug: string; inviteCode: string };
    const join = (app: App) =>
      app.inject({
        method: 'POST',
        url: `/api/clubs/${slug}/join`,
        headers: member.headers,
        payload: { code: inviteCode },
      });
    expect((await join(other)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/clubs/${slug}/members/${member.username}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    const again = await join(other);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(REMOVED_FROM_CLUB);
    expect(
      (
        await other.inject({
          method: 'DELETE',
          url: `/api/clubs/${slug}/removals/${member.username}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await join(t.app)).statusCode).toBe(200);
  });
});
