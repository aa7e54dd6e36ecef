import { describe, expect, it } from 'vitest';
import { sessionListSchema, type Session } from '@common/schemas/account';
import { sha256Hex } from '../../lib/tokens';
import { useTestApp } from '../../test/app';
import {
  createUser,
  DEFAULT_PASSWORD,
  sessionCookieFrom,
  type MadeUser,
} from '../../test/factories';

const t = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(user: MadeUser, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    payload: JSON.stringify({ username: user.username, password: DEFAULT_PASSWORD }),
  });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}
const list = async (cookie: string) => {
  const res = await t.app.inject({ url: '/api/sessions', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return sessionListSchema.parse(res.json());
};
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
const del = (cookie: string, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie } });

describe('GET /api/sessions', () => {
  it('lists the live sessions newest first, marks this one, names the device, never shows the token', async () => {
    const u = await createUser(t.app);
    const start = Date.now();
    t.clock.set(new Date(start + 60 * 60_000));
    const phone = await signIn(u, ANDROID_CHROME);
    t.clock.set(new Date(start + 2 * 60 * 60_000));
    const tablet = await signIn(u, IPHONE_SAFARI);
    const sessions = await list(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.device).slice(0, 2)).toEqual([
      'Safari on iPhone',
      'Chrome on Android',
    ]);
    expect(sessions.map((s) => s.current)).toEqual([false, true, false]);
    expect(new Date(sessions[0]!.createdAt) >= new Date(sessions[1]!.createdAt)).toBe(true);
    expect(sessions[0]!.lastSeenAt).toEqual(expect.any(String));
    const body = JSON.stringify(sessions);
    for (const cookie of [phone, tablet, u.cookie]) {
      const token = cookie.split('=')[1]!;
      expect(body).not.toContain(token);
      expect(body).not.toContain(sha256Hex(token));
    }
    // The factory's session has no User-Agent.
    expect(sessions[2]!.device).toBe('Unknown device');
    t.clock.set(new Date());
  });

  it('leaves out expired sessions and other users', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await signIn(b, ANDROID_CHROME);
    expect(await list(a.cookie)).toHaveLength(1);
  });

  it('is a 401 when signed out', async () => {
    const res = await t.app.inject({ url: '/api/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it("ends that session (its cookie gets 401); another user's id and unknown ids are 404", async () => {
    const u = await createUser(t.app);
    const phone = await signIn(u, ANDROID_CHROME);
    const target = (await list(u.cookie)).find((s: Session) => s.device === 'Chrome on Android')!;

    const stranger = await createUser(t.app);
    expect((await del(stranger.cookie, `/api/sessions/${target.id}`)).statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await del(u.cookie, `/api/sessions/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(200);
    expect((await del(u.cookie, `/api/sessions/${target.id}`)).statusCode).toBe(404);
    expect((await del(u.cookie, '/api/sessions/not-a-uuid')).statusCode).toBe(400);
    expect((await list(u.cookie)).map((s) => s.id)).not.toContain(target.id);
  });

  it('can end the current session too', async () => {
    const u = await createUser(t.app);
    const [current] = await list(u.cookie);
    expect((await del(u.cookie, `/api/sessions/${current!.id}`)).statusCode).toBe(204);
    expect((await me(u.cookie)).statusCode).toBe(401);
  });

  it('is a 401 when signed out', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/sessions/${crypto.randomUUID()}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/sessions', () => {
  it('ends every other session of the user and keeps this one and other users', async () => {
    const u = await createUser(t.app);
    const phone = await signIn(u, ANDROID_CHROME);
    const tablet = await signIn(u, IPHONE_SAFARI);
    const other = await createUser(t.app);
    const res = await del(tablet, '/api/sessions');
    expect(res.statusCode).toBe(204);
    expect((await me(tablet)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    const left = await list(tablet);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });
});
