import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, DEFAULT_PASSWORD } from '../test/factories';

// Defaults: 10 per username+address, 30 per address, a growing delay per username.
const t = useTestApp({ argon2Queue: 1000 });
let n = 0;
const ip = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
  });

describe('login throttles (counted before the password is checked)', () => {
  it('40 parallel wrong guesses from one address: at most 10 are checked, the rest 429', async () => {
    const u = await createUser(t.app);
    const from = ip();
    const res = await Promise.all(
      Array.from({ length: 40 }, () => login(u.username, 'wrong-guess-1', from)),
    );
    const checked = res.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(res.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const limited = res.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits now, from that address.
    expect((await login(u.username, DEFAULT_PASSWORD, from)).statusCode).toBe(429);
  });

  it('one password sprayed over 50 usernames from one address is stopped at 30', async () => {
    const from = ip();
    const codes: number[] = [];
    for (let i = 0; i < 50; i++)
      codes.push((await login(`victim${i}x${n}`, 'Summer2026!', from)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
  });

  it('an IPv6 attacker cannot escape the address limit by rotating within a /64', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 35; i++)
      codes.push(
        (await login(`six${i}y${n}`, 'Summer2026!', `2001:db8:1:2::${(i + 1).toString(16)}`))
          .statusCode,
      );
    expect(codes.filter((c) => c === 429).length).toBe(5);
  });

  it('one username guessed from many addresses gets a growing delay, never a lock', async () => {
    const u = await createUser(t.app);
    t.clock.set('2026-11-21T12:00:00Z');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await login(u.username, `wrong-${i}`, ip())).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const delayed = await login(u.username, 'wrong-5', ip());
    expect(delayed.statusCode).toBe(429);
    expect(delayed.headers['retry-after']).toBe('1');
    t.clock.advance(1_000);
    expect((await login(u.username, 'wrong-6', ip())).statusCode).toBe(401);
    // Now 2 s, then 4 s...
    t.clock.advance(1_000);
    expect((await login(u.username, DEFAULT_PASSWORD, ip())).statusCode).toBe(429);
    t.clock.advance(1_000);
    // The owner gets in once the short delay has passed, and success gives the attempt back.
    expect((await login(u.username, DEFAULT_PASSWORD, ip())).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await login(u.username, 'nope-again', ip())).statusCode).toBe(401);
  });

  it('parallel guesses at one username from many addresses share the delay slots', async () => {
    const u = await createUser(t.app);
    t.clock.set('2026-11-21T13:00:00Z');
    const res = await Promise.all(
      Array.from({ length: 30 }, () => login(u.username, 'wrong-par', ip())),
    );
    expect(res.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5);
  });

  it('refuses the most common passwords of every length, and the username or email as password', async () => {
    for (const password of ['123456', 'qwerty', '111111', 'abc123', 'Dragon', 'password1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip(),
        payload: { username: `pw${n}`, email: `pw${n}@example.com`, password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.password[0], password).toMatch(/too common/);
    }
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip(),
      payload: { username: 'Gorilla77', email: 'zed@example.com', password: 'gorilla77' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.password[0]).toMatch(/must not be your username/);
    const local = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: ip(),
      payload: {
        username: 'zed9',
        email: 'Zebra-Crossing@example.com',
        password: 'zebra-crossing',
      },
    });
    expect(local.statusCode).toBe(400);
    expect(local.json().errors.password[0]).toMatch(/email/);
  });
});
