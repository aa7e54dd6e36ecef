import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { sweepExpired } from '../db/maintenance';
import { rateLimits, sessions } from '../db/schema';
import { useTestApp } from '../test/app';
import { createUser, DEFAULT_PASSWORD } from '../test/factories';

const t = useTestApp();
const lines: string[] = [];
let logged: App;
let secure: App;
let everyRequest: App;
const allLines: string[] = [];
const parsed = (from: string[]) => from.map((l) => JSON.parse(l) as Record<string, unknown>);
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  logged = await buildApp({ db: t.database.db, logger: { level: 'info', stream } });
  logged.get('/api/test/db-error', async () => {
    await t.database.db.execute(sql`select ${'secret-param@example.com'}::int`);
  });
  secure = await buildApp({ db: t.database.db, config: { cookieSecure: true } });
  const allStream = new Writable({
    write(chunk, _enc, done) {
      allLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  everyRequest = await buildApp({
    db: t.database.db,
    logger: { level: 'info', stream: allStream },
    config: { requestLog: 'all' },
  });
});
afterAll(async () => {
  await everyRequest.close();
  await logged.close();
  await secure.close();
});

describe('headers', () => {
  it('every session-dependent answer is private, no-store; public boards are not', async () => {
    const u = await createUser(t.app);
    for (const url of ['/api/user', '/api/stats', '/api/workouts', '/api/leaderboard/week/me']) {
      const res = await t.app.inject({ url, headers: u.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { age: 30 },
    });
    expect(patch.headers['cache-control']).toBe('private, no-store');
    const out = await t.app.inject({ url: '/api/user' });
    expect(out.statusCode).toBe(401);
    expect(out.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ url: '/api/leaderboard/week' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it("names the Secure cookie __Host-, reads only that name, and sets CSP base-uri 'none'", async () => {
    const res = await secure.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'hostcookie', email: 'hc@example.com', password: 'tr1cky-Pushups' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^__Host-fitbench_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
    expect(cookie).not.toMatch(/Domain=/);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(
      (
        await secure.inject({
          url: '/api/user',
          headers: { cookie: `__Host-fitbench_session=${token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await secure.inject({ url: '/api/user', headers: { cookie: `fitbench_session=${token}` } }))
        .statusCode,
    ).toBe(401);
    // A page's policy; the API's JSON answers load nothing at all (plugins/security-headers.ts).
    expect(String((await secure.inject({ url: '/' })).headers['content-security-policy'])).toMatch(
      /base-uri 'none'/,
    );
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('housekeeping', () => {
  it('deletes expired sessions and finished rate-limit windows, and keeps live ones', async () => {
    const u = await createUser(t.app);
    const now = new Date();
    await t.app.db.insert(sessions).values([
      {
        id: 'expired-abs',
        userId: u.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() - 1000),
        lastSeenAt: now,
      },
      {
        id: 'expired-idle',
        userId: u.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
        lastSeenAt: new Date(now.getTime() - 400 * 86_400_000),
      },
    ]);
    await t.app.db.insert(rateLimits).values([
      { key: 'old-window', count: 3, resetAt: new Date(now.getTime() - 1000) },
      { key: 'live-window', count: 3, resetAt: new Date(now.getTime() + 60_000) },
    ]);
    const gone = await sweepExpired(t.app.db, now);
    expect(gone.sessions).toBeGreaterThanOrEqual(2);
    const keys = (await t.app.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('live-window');
    expect(keys).not.toContain('old-window');
    expect((await t.app.inject({ url: '/api/user', headers: u.headers })).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('one JSON line per auth event with user id, address and request id, and nothing personal', async () => {
    const u = await createUser(logged);
    lines.length = 0;
    await logged.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.4',
      payload: { username: u.username, password: 'wrong-pw-9' },
    });
    const ok = await logged.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '198.51.100.4',
      payload: { username: u.username, password: DEFAULT_PASSWORD },
    });
    const cookie = String(ok.headers['set-cookie']).split(';')[0]!;
    await logged.inject({
      method: 'POST',
      url: '/api/logout',
      remoteAddress: '198.51.100.4',
      headers: { cookie },
    });
    // A username with a line break and a fake JSON line in it.
    await logged.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'x\n{"auth":"login-ok","userId":1}', password: 'p' },
    });
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.auth);
    expect(events.map((e) => e.auth)).toEqual(['login-failed', 'login-ok', 'logout']);
    for (const e of events) {
      expect(e.ip).toBe('198.51.100.4');
      expect(e.reqId).toBeTruthy();
    }
    expect(events[1]!.userId).toBe(u.id);
    expect(lines.join('\n')).not.toContain(u.username);
    expect(lines.join('\n')).not.toContain(DEFAULT_PASSWORD);
  });

  it('an unexpected database error is logged without the query parameters', async () => {
    lines.length = 0;
    const res = await logged.inject({ url: '/api/test/db-error' });
    expect(res.statusCode).toBe(500);
    const text = lines.join('\n');
    expect(text).toMatch(/unexpected error/);
    expect(text).not.toContain('secret-param@example.com');
  });

  it('by default, one access line per failed or slow request and none for the others', async () => {
    lines.length = 0;
    for (let i = 0; i < 3; i++)
      expect((await logged.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await logged.inject({ url: '/api/leaderboard/week?tz=Europe/Paris' })).statusCode).toBe(
      200,
    );
    expect(lines).toEqual([]);

    const missing = await logged.inject({
      url: '/api/users/nobody_here_42',
      remoteAddress: '198.51.100.7',
    });
    expect(missing.statusCode).toBe(404);
    const refused = parsed(lines);
    expect(refused).toHaveLength(1);
    // The route's pattern, not the name asked for (docs/decisions/0033-logs.md).
    expect(refused[0]).toMatchObject({
      level: 30,
      msg: 'request refused',
      method: 'GET',
      route: '/api/users/:username',
      status: 404,
      ip: '198.51.100.7',
    });
    expect(refused[0]!.reqId).toBeTruthy();
    expect(typeof refused[0]!.ms).toBe('number');
    expect(lines.join('\n')).not.toContain('nobody_here_42');

    lines.length = 0;
    await logged.inject({ url: '/no/such/page?secret=1' });
    expect(parsed(lines)[0]).toMatchObject({ path: '/no/such/page', status: 404 });
    expect(lines.join('\n')).not.toContain('secret');

    lines.length = 0;
    await logged.inject({ url: '/api/test/db-error' });
    const failed = parsed(lines);
    const error = failed.find((l) => l.msg === 'unexpected error')!;
    const access = failed.find((l) => l.msg === 'request failed')!;
    // Found by its request id: the access line and the error's own line share it.
    expect(access).toMatchObject({ level: 50, route: '/api/test/db-error', status: 500 });
    expect(access.reqId).toBe(error.reqId);
  });

  it('a slow request is logged whatever its status', async () => {
    const slowApp = await buildApp({
      db: t.database.db,
      logger: {
        level: 'info',
        stream: new Writable({
          write: (c, _e, done) => (lines.push(...String(c).split('\n').filter(Boolean)), done()),
        }),
      },
      config: { slowRequestMs: 40 },
    });
    slowApp.get('/api/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 60));
      return { ok: true };
    });
    try {
      lines.length = 0;
      expect((await slowApp.inject({ url: '/api/test/slow' })).statusCode).toBe(200);
      const [line] = parsed(lines);
      expect(line).toMatchObject({
        level: 40,
        msg: 'slow request',
        route: '/api/test/slow',
        status: 200,
      });
      expect(line!.ms as number).toBeGreaterThanOrEqual(40);
    } finally {
      await slowApp.close();
    }
  });

  it('with LOG_REQUESTS=all, one compact line per request; auth events stay logged', async () => {
    allLines.length = 0;
    await everyRequest.inject({ url: '/api/health' });
    await everyRequest.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_at_all', password: 'wrong-pw-9' },
    });
    const out = parsed(allLines);
    expect(out.filter((l) => l.msg === 'request').map((l) => l.route)).toEqual(['/api/health']);
    expect(out.some((l) => l.auth === 'login-failed')).toBe(true);
    expect(out.find((l) => l.route === '/api/login')).toMatchObject({ status: 401 });
    // Fastify's own per-request lines are off.
    expect(out.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(
      false,
    );
  });
});
