import { describe, expect, it } from 'vitest';
import { issueToken } from '../../lib/account-tokens';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { LINK_EXPIRED, LINK_INVALID, RESET_TTL_MS } from './recovery.service';

// POST /api/password-reset/check: the reset page asks whether its link works as it opens, so a
// used or expired link is said before any typing (docs/decisions/0198-reset-link-checked-on-open.md).
const t = useTestApp({ passwordResetMax: 4 });

const json = { 'content-type': 'application/json' };
let ipSeq = 0;
const freshIp = () => `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const check = (token: unknown, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/check',
    headers: json,
    remoteAddress: ip,
    payload: JSON.stringify({ token }),
  });
const complete = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/complete',
    headers: json,
    payload: JSON.stringify({ token, password: 'amber-lantern-58' }),
  });

describe('checking a reset link', () => {
  it('says a live link works, names no account, and leaves it usable', async () => {
    t.clock.set('2026-11-28T10:00:00Z');
    const u = await createUser(t.app);
    const token = await issueToken(
      t.app.db,
      u.id,
      'password-reset',
      RESET_TTL_MS,
      t.clock.now,
      u.email,
    );
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ usable: true, expiresAt: '2026-11-28T10:30:00.000Z' });
      expect(res.body).not.toContain(u.username);
      expect(res.body).not.toContain(u.email);
      expect(res.headers['cache-control']).toMatch(/no-store/);
    }
    // Asking did not use it.
    expect((await complete(token)).statusCode).toBe(200);
    // Now it is used: said as the form would say it.
    expect((await check(token)).json()).toEqual({
      usable: false,
      reason: 'invalid',
      message: LINK_INVALID,
    });
  });

  it('says an expired link has expired, and a replaced or forged one is not valid', async () => {
    t.clock.set('2026-11-28T10:00:00Z');
    const u = await createUser(t.app);
    const first = await issueToken(
      t.app.db,
      u.id,
      'password-reset',
      RESET_TTL_MS,
      t.clock.now,
      u.email,
    );
    t.clock.advance(RESET_TTL_MS + 1_000);
    expect((await check(first)).json()).toEqual({
      usable: false,
      reason: 'expired',
      message: LINK_EXPIRED,
    });
    const second = await issueToken(
      t.app.db,
      u.id,
      'password-reset',
      RESET_TTL_MS,
      t.clock.now,
      u.email,
    );
    expect((await check(first)).json()).toMatchObject({ usable: false, reason: 'invalid' });
    expect((await check(second)).json()).toMatchObject({ usable: true });
    for (const forged of ['x', 'A'.repeat(43)])
      expect((await check(forged)).json()).toMatchObject({ usable: false, reason: 'invalid' });
  });

  it('refuses a malformed body with 400', async () => {
    for (const token of ['', 'A'.repeat(201), 42, null]) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.token).toBeDefined();
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/check',
      headers: json,
      remoteAddress: freshIp(),
      payload: JSON.stringify({ token: 'x', email: 'a@example.com' }),
    });
    expect(extra.statusCode).toBe(400);
  });

  it('limits checks per client address (3 per reset request allowed), then 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await check('x', ip)).statusCode).toBe(200);
    const limited = await check('x', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many link checks/);
    // Another address is not held back.
    expect((await check('x')).statusCode).toBe(200);
  });
});
