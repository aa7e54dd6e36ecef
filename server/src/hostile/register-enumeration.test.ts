import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { parseEnv } from '../env';
import { EMAIL_TAKEN_MESSAGE } from '../routes/auth/auth.service';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';

// "An account with that email already exists." tells whoever asks that an address belongs to a
// member: those answers are limited per client address and over all addresses, and beyond a
// limit every registration gets the same 429 whatever its email
// (docs/decisions/0087-register-email-enumeration.md). On PGlite and PostgreSQL.
const t = useTestApp({
  registerMax: 1000,
  registerTakenMax: 3,
  registerTakenGlobalMax: 6,
  registerTakenWindowMs: 60 * 60_000,
  argon2Cost: { memoryCost: 1024, timeCost: 1 },
});
const NOW = new Date('2026-03-01T12:00:00.000Z');
beforeEach(async () => {
  t.clock.set(NOW);
  await t.app.db.delete(rateLimits);
});

let seq = 0;
const fresh = () => `n${++seq}${randomBytes(3).toString('hex')}`;
const register = (email: string, ip: string, username = fresh()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: ip,
    payload: { username, email, password: 'tr1cky-Pushups' },
  });
const newEmail = () => `${fresh()}@example.com`;
const answer = (r: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => ({
  status: r.statusCode,
  retryAfter: r.headers['retry-after'],
  body: r.json(),
});

describe('email enumeration on register', () => {
  it('per address: 3 "email taken" answers, then every registration from there gets the same 429', async () => {
    const member = await createUser(t.app);
    const ip = '198.51.100.7';
    for (const email of [member.email, member.email.toUpperCase(), ` ${member.email}`]) {
      const r = await register(email, ip);
      expect(r.statusCode, email).toBe(409);
      expect(r.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE, errors: { email: [EMAIL_TAKEN_MESSAGE] } });
    }
    const taken = answer(await register(member.email, ip));
    const unknown = answer(await register(newEmail(), ip));
    expect(taken.status).toBe(429);
    expect(Number(taken.retryAfter)).toBe(3600);
    expect(taken.body).toEqual({
      message:
        'Too many sign-up attempts from your network with emails that already have an account. Please try again in 60 minutes, or sign in if you have an account.',
    });
    // The refusal says nothing about the email.
    expect(unknown).toEqual(taken);
    // Another network is not affected; the window's end frees this one.
    expect((await register(newEmail(), '198.51.100.8')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000);
    expect((await register(newEmail(), ip)).statusCode).toBe(201);
  });

  it('new accounts and taken usernames are not counted; an IPv6 /64 counts as one address', async () => {
    const member = await createUser(t.app);
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) {
      expect((await register(newEmail(), ip)).statusCode).toBe(201);
      // A taken username is answered first, even with a taken email: it tells nothing of the email.
      const r = await register(member.email, ip, member.username);
      expect(r.statusCode).toBe(409);
      expect(r.json().errors).toEqual({ username: ['That username is already taken.'] });
    }
    for (const ip6 of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9']) {
      expect((await register(member.email, ip6)).statusCode).toBe(409);
    }
    expect((await register(newEmail(), '2001:db8:1:2::abcd')).statusCode).toBe(429);
    expect((await register(newEmail(), '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('over all addresses: 6 "email taken" answers, then sign-ups pause for everyone until the window ends', async () => {
    const member = await createUser(t.app);
    for (let i = 0; i < 6; i += 1) {
      expect((await register(member.email, `203.0.113.${i + 1}`)).statusCode).toBe(409);
    }
    const taken = answer(await register(member.email, '203.0.113.50'));
    const unknown = answer(await register(newEmail(), '203.0.113.51'));
    expect(taken.status).toBe(429);
    expect(taken.body).toEqual({
      message:
        'Sign-ups are paused for 60 minutes after many attempts with emails that already have an account. Please try again then, or sign in if you have an account.',
    });
    expect(unknown).toEqual(taken);
    t.clock.advance(30 * 60_000);
    expect(Number(answer(await register(newEmail(), '203.0.113.52')).retryAfter)).toBe(1800);
    t.clock.advance(30 * 60_000);
    expect((await register(newEmail(), '203.0.113.53')).statusCode).toBe(201);
  });

  it('parallel probes from one address get at most 3 "email taken" answers; the rest one same 429', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    const ip = '198.51.100.40';
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => register(i % 3 === 0 ? newEmail() : members[i % 4]!.email, ip)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 409).length).toBeLessThanOrEqual(3);
    const refusals = new Set(results.filter((r) => r.statusCode === 429).map((r) => r.json().message));
    expect(refusals.size).toBeLessThanOrEqual(1);
    expect(statuses.every((s) => [201, 409, 429].includes(s))).toBe(true);
    // Afterwards the address is over its limit only if it had 3 taken answers.
    const next = await register(newEmail(), ip);
    expect(next.statusCode).toBe(statuses.filter((s) => s === 409).length === 3 ? 429 : 201);
  });

  it('is configured by REGISTER_TAKEN_MAX, REGISTER_TAKEN_GLOBAL_MAX, REGISTER_TAKEN_WINDOW_MINUTES', () => {
    const defaults = parseEnv({});
    expect([defaults.REGISTER_TAKEN_MAX, defaults.REGISTER_TAKEN_GLOBAL_MAX, defaults.REGISTER_TAKEN_WINDOW_MINUTES]).toEqual([5, 100, 60]);
    const set = parseEnv({ REGISTER_TAKEN_MAX: '2', REGISTER_TAKEN_GLOBAL_MAX: '0', REGISTER_TAKEN_WINDOW_MINUTES: '30' });
    expect([set.REGISTER_TAKEN_MAX, set.REGISTER_TAKEN_GLOBAL_MAX, set.REGISTER_TAKEN_WINDOW_MINUTES]).toEqual([2, 0, 30]);
    expect(() => parseEnv({ REGISTER_TAKEN_MAX: '0' })).toThrow(/REGISTER_TAKEN_MAX/);
  });
});
