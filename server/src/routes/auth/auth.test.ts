import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD, sessionCookieFrom } from '../../test/factories';
import { SESSION_COOKIE } from '@common/constants';

const t = useTestApp({ loginMaxFailures: 3, registerMax: 5 });
let ipSeq = 0;
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function register(body: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body as object,
    remoteAddress: ip,
    headers,
  });
}
function login(body: unknown, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body as object,
    remoteAddress: ip,
  });
}
const good = (n: string) => ({
  username: n,
  email: `${n}@example.com`,
  password: 'tr1cky-Pushups',
});

describe('POST /api/register', () => {
  it('creates the user, signs them in and never returns the password', async () => {
    const res = await register(good('alice'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username: 'alice', email: 'alice@example.com', fullName: null });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('alice');
  });

  it('stores a 32-byte token whose SHA-256 is the session row key', async () => {
    const res = await register(good('tokenuser'));
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const token = cookie.split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.app.db.select().from(sessions);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((r) => r.id === hash)).toBe(true);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it.each([
    [{ ...good('bob'), password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [
      { ...good('bob'), password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [{ ...good('bob'), email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ ...good('bob'), username: '' }, 'username', 'Username is required'],
    [{ ...good('bob'), username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      { ...good('bob'), username: 'a'.repeat(31) },
      'username',
      'Username must be at most 30 characters',
    ],
    [
      { ...good('bob'), username: 'bad name!' },
      'username',
      'Username may contain only letters, digits, _, - and .',
    ],
    [{ email: 'b@example.com', password: 'tr1cky-Pushups' }, 'username', undefined],
  ])('rejects %j with 400 on %s', async (body, field, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(typeof json.message).toBe('string');
    expect(json.errors[field]).toBeDefined();
    if (message) expect(json.errors[field]).toContain(message);
  });

  it('refuses a very common password', async () => {
    const res = await register({ ...good('carol'), password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password[0]).toMatch(/too common/);
  });

  it('refuses a duplicate username regardless of case with 409; a taken email is answered as a new one', async () => {
    expect((await register(good('Dave'))).statusCode).toBe(201);
    const sameName = await register({ ...good('dAVE'), email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors.username).toBeDefined();
    // The address's holder is emailed instead (server/src/hostile/register-enumeration.test.ts).
    const sameEmail = await register({ ...good('dave2'), email: 'DAVE@EXAMPLE.COM' });
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json()).toMatchObject({
      username: 'dave2',
      email: 'DAVE@EXAMPLE.COM',
      emailConfirmed: false,
    });
  });

  it('limits registrations per address and answers 429 with Retry-After', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await register(good(`rl${i}`), ip)).statusCode).toBe(201);
    const res = await register(good('rl-over'), ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many/);
    expect((await register(good('rl-other'), '192.0.2.78')).statusCode).toBe(201);
  });

  it('answers malformed JSON with 400 and an over-large body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not valid JSON/);
    const big = await register({ ...good('big'), padding: 'x'.repeat(70 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('refuses cross-site requests with 403', async () => {
    const a = await register(good('xsite1'), freshIp(), { origin: 'https://evil.example' });
    expect(a.statusCode).toBe(403);
    const b = await register(good('xsite2'), freshIp(), { 'sec-fetch-site': 'cross-site' });
    expect(b.statusCode).toBe(403);
    const same = await register(good('xsite3'), freshIp(), {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(same.statusCode).toBe(201);
  });
});

describe('POST /api/login', () => {
  it('signs in case-insensitively and issues a new session each time', async () => {
    const u = await createUser(t.app, { username: 'Erin' });
    const a = await login({ username: 'erin', password: DEFAULT_PASSWORD });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ id: u.id, username: 'Erin', email: u.email });
    const b = await login({ username: 'ERIN', password: DEFAULT_PASSWORD });
    expect(sessionCookieFrom(a.headers['set-cookie'])).not.toBe(
      sessionCookieFrom(b.headers['set-cookie']),
    );
  });

  it('gives the same status and body for an unknown user and a wrong password', async () => {
    await createUser(t.app, { username: 'frank' });
    const wrong = await login({ username: 'frank', password: 'nope-nope' });
    const unknown = await login({ username: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it('requires username and password', async () => {
    const res = await login({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.username).toContain('Username is required');
    expect(res.json().errors.password).toContain('Password is required');
  });

  it('locks a username+address after too many failures, with Retry-After', async () => {
    await createUser(t.app, { username: 'grace' });
    const ip = '198.51.100.9';
    for (let i = 0; i < 3; i++)
      expect((await login({ username: 'grace', password: 'wrong-one' }, ip)).statusCode).toBe(401);
    const locked = await login({ username: 'grace', password: DEFAULT_PASSWORD }, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked out.
    expect(
      (await login({ username: 'grace', password: DEFAULT_PASSWORD }, '198.51.100.10')).statusCode,
    ).toBe(200);
    // The window ends.
    t.clock.advance(16 * 60_000);
    expect((await login({ username: 'grace', password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(
      200,
    );
    t.clock.set(new Date());
  });
});

describe('sessions', () => {
  it('GET /api/user is 401 with no cookie or an unknown one', async () => {
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/user',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('GET /api/session gives the signed-in user, or null with a 200 for a visitor, never cached', async () => {
    const visitor = await t.app.inject({ url: '/api/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    const forged = await t.app.inject({
      url: '/api/session',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.json()).toEqual({ user: null });

    const u = await createUser(t.app, { username: 'sessionstate' });
    const res = await t.app.inject({ url: '/api/session', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'sessionstate' });
    expect(body.user.email).toBeTypeOf('string');
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    // Same user as GET /api/user.
    expect(body.user).toEqual(
      (await t.app.inject({ url: '/api/user', headers: u.headers })).json(),
    );
  });

  it('logout deletes the session row', async () => {
    const u = await createUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: u.headers });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user', headers: u.headers })).statusCode).toBe(401);
  });

  it('expires after 7 idle days and after 30 days in all', async () => {
    const start = new Date('2026-03-01T12:00:00Z');
    t.clock.set(start);
    const idle = await createUser(t.app);
    t.clock.advance(7 * 86_400_000 + 1000);
    expect((await t.app.inject({ url: '/api/user', headers: idle.headers })).statusCode).toBe(401);

    t.clock.set(start);
    const busy = await createUser(t.app);
    for (let day = 6; day < 30; day += 6) {
      t.clock.set(new Date(start.getTime() + day * 86_400_000));
      expect((await t.app.inject({ url: '/api/user', headers: busy.headers })).statusCode).toBe(
        200,
      );
    }
    t.clock.set(new Date(start.getTime() + 30 * 86_400_000 + 1000));
    expect((await t.app.inject({ url: '/api/user', headers: busy.headers })).statusCode).toBe(401);
    t.clock.set(new Date());
  });
});

describe('errors and headers', () => {
  it('unknown API routes are JSON 404s', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route/);
  });

  it('sets security headers and no X-Powered-By', async () => {
    // A page (or anything not a JSON answer of the API): the page's policy.
    const page = await t.app.inject({ url: '/leaderboard' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBeDefined();
    expect(page.headers['x-powered-by']).toBeUndefined();
    // A JSON answer of the API: nothing may load or frame it.
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
