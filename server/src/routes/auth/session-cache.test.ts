import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_DAYS } from '@common/constants';
import { buildApp, type App } from '../../app';
import { sessions, users } from '../../db/schema';
import { BoardCache } from '../leaderboard';
import { connectSessionCache, SessionCache } from '../../lib/session-cache';
import { sha256Hex } from '../../lib/tokens';
import { untilEnabled, useTestApp } from '../../test/app';
import {
  createUser,
  DEFAULT_PASSWORD,
  sessionCookieFrom,
  type MadeUser,
} from '../../test/factories';

// Signed-in lookups kept in memory (server/src/lib/session-cache.ts): a change to a member or a
// session is never missed, whether made through the app or behind its back.
const cache = new SessionCache();
const t = useTestApp({}, { sessionCache: cache, boardCache: new BoardCache() });

const me = (headers: { cookie: string }, app: App = t.app) =>
  app.inject({ url: '/api/user', headers });
const tokenOf = (u: MadeUser) => u.cookie.split('=')[1]!;
const login = async (u: MadeUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: u.username, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookieFrom(res.headers['set-cookie']) };
};
/** The member changes their password from DEFAULT_PASSWORD, through the app. */
const changePassword = (u: MadeUser, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password',
    headers: u.headers,
    payload: { currentPassword: DEFAULT_PASSWORD, newPassword },
  });
// PostgreSQL announces a change made behind the app's back a moment after its commit.
const eventually = (check: () => Promise<void>) =>
  expect.poll(check, { timeout: 2_000, interval: 20 });

describe('session cache', () => {
  it('a known session is served from memory', async () => {
    const u = await createUser(t.app);
    expect((await me(u.headers)).statusCode).toBe(200);
    expect(cache.get(sha256Hex(tokenOf(u)))?.user.id).toBe(u.id);
    expect((await me(u.headers)).json().username).toBe(u.username);
  });

  it("a session deleted behind the app's back ends at once (PGlite) or within moments (PostgreSQL)", async () => {
    const u = await createUser(t.app);
    expect((await me(u.headers)).statusCode).toBe(200);
    await t.app.db.delete(sessions).where(eq(sessions.id, sha256Hex(tokenOf(u))));
    if (t.database.kind === 'pglite') expect((await me(u.headers)).statusCode).toBe(401);
    await eventually(async () => expect((await me(u.headers)).statusCode).toBe(401));
  });

  it("a member row changed or removed behind the app's back is read again", async () => {
    const u = await createUser(t.app);
    expect((await me(u.headers)).json().fullName).toBeNull();
    await t.app.db.update(users).set({ fullName: 'Behind Back' }).where(eq(users.id, u.id));
    await eventually(async () => expect((await me(u.headers)).json().fullName).toBe('Behind Back'));
    await t.app.db.delete(users).where(eq(users.id, u.id));
    await eventually(async () => expect((await me(u.headers)).statusCode).toBe(401));
  });

  it('logout, signing out elsewhere, a password change and a profile edit show on the next request', async () => {
    const u = await createUser(t.app);
    const other = await login(u);
    const third = await login(u);
    for (const h of [u.headers, other, third]) expect((await me(h)).statusCode).toBe(200);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: 'New Name' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await me(other)).json().fullName).toBe('New Name');

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: third });
    expect(out.statusCode).toBe(204);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);

    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: u.headers,
    });
    expect(elsewhere.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(u.headers)).statusCode).toBe(200);

    const fourth = await login(u);
    expect((await me(fourth)).statusCode).toBe(200);
    const changed = await changePassword(u, 'a-brand-new-secret-9');
    expect(changed.statusCode).toBe(204);
    expect((await me(fourth)).statusCode).toBe(401);
    expect((await me(u.headers)).statusCode).toBe(200);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: u.headers,
      payload: { password: 'a-brand-new-secret-9' },
    });
    expect(gone.statusCode).toBe(204);
    expect((await me(u.headers)).statusCode).toBe(401);
  });

  it('idle and absolute expiry are checked on every use, and the last-seen touch is written', async () => {
    const u = await createUser(t.app);
    expect((await me(u.headers)).statusCode).toBe(200);
    const id = sha256Hex(tokenOf(u));
    t.clock.set(new Date(Date.now() + 2 * 60_000));
    expect((await me(u.headers)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.lastSeenAt.getTime()).toBe(t.clock.now.getTime());
    expect(cache.get(id)?.session.lastSeenAt.getTime()).toBe(t.clock.now.getTime());
    t.clock.advance((SESSION_IDLE_DAYS + 1) * 86_400_000);
    expect((await me(u.headers)).statusCode).toBe(401);
    expect(cache.get(id)).toBeUndefined();
    expect(await t.app.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
    t.clock.set(new Date());
  });

  describe('two apps on one database, each with its own cache', () => {
    let other: App;
    let otherCache: SessionCache;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      otherCache = new SessionCache();
      other = await buildApp({ db: t.database.db, sessionCache: otherCache });
      stop = await connectSessionCache(t.database, otherCache, () => undefined);
      await other.ready();
      // PostgreSQL: the other app's channel is connected (its cache is on) before the test starts.
      await untilEnabled(otherCache);
    });
    afterAll(async () => {
      await stop?.();
      await other?.close();
    });

    // The database tells both instances at the commit; each acts when its event loop reads its
    // LISTEN socket. Here both share one process, so the other one's socket may be read after the
    // writer's answer: heard() waits for a marker sent after the change to reach the other one
    // (announcements arrive in commit order), which is all a second process needs to have read.
    const heard = () => otherCache.sync();

    it('a logout or a password change on one is a 401 on the other once it has read the announcement', async () => {
      const u = await createUser(t.app);
      const second = await login(u);
      expect((await me(u.headers, other)).statusCode).toBe(200);
      expect((await me(second, other)).statusCode).toBe(200);
      expect(otherCache.get(sha256Hex(tokenOf(u)))).toBeDefined();

      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: second })).statusCode,
      ).toBe(204);
      await heard();
      expect((await me(second, other)).statusCode).toBe(401);
      expect((await me(u.headers, other)).statusCode).toBe(200);

      const third = await login(u);
      expect((await me(third, other)).statusCode).toBe(200);
      const changed = await changePassword(u, 'another-new-secret-8');
      expect(changed.statusCode).toBe(204);
      await heard();
      expect((await me(third, other)).statusCode).toBe(401);
    });

    it('a profile edit on one shows on the other once it has read the announcement', async () => {
      const u = await createUser(t.app);
      expect((await me(u.headers, other)).json().fullName).toBeNull();
      const edit = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: u.headers,
        payload: { fullName: 'Seen Elsewhere' },
      });
      expect(edit.statusCode).toBe(200);
      await heard();
      expect((await me(u.headers, other)).json().fullName).toBe('Seen Elsewhere');
    });
  });
});

describe('public profile cache', () => {
  it('a save, a delete, a profile edit and going private show on the next read', async () => {
    const u = await createUser(t.app);
    const viewer = await createUser(t.app);
    const profile = () => t.app.inject({ url: `/api/users/${u.username.toUpperCase()}` });
    expect((await profile()).json().stats.totalWorkouts).toBe(0);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: { ...u.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { pushups: 33 },
    });
    expect(saved.statusCode).toBe(201);
    expect((await profile()).json().stats.bestPushups).toBe(33);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workouts/${saved.json().id}`,
      headers: u.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await profile()).json().stats.totalWorkouts).toBe(0);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { fullName: 'Pro File' },
    });
    expect((await profile()).json().user.fullName).toBe('Pro File');
    const priv = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { isPrivate: true },
    });
    expect(priv.statusCode, priv.body).toBe(200);
    expect((await profile()).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/users/${u.username}`, headers: viewer.headers })).statusCode,
    ).toBe(404);
    // The member still sees their own.
    expect(
      (await t.app.inject({ url: `/api/users/${u.username}`, headers: u.headers })).statusCode,
    ).toBe(200);
  });

  it('an unknown name is a 404 and is not kept', async () => {
    const before = t.app.boardCache.size;
    expect((await t.app.inject({ url: '/api/users/nobody_here_at_all' })).statusCode).toBe(404);
    expect(t.app.boardCache.size).toBe(before);
  });
});
