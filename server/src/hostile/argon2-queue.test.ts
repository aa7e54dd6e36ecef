import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, DEFAULT_PASSWORD } from '../test/factories';

// One hash at a time and one waiting: the rest are refused at once.
const t = useTestApp({
  argon2Concurrency: 1,
  argon2Queue: 1,
  loginMaxFailures: 1000,
  loginIpMaxFailures: 1000,
});

describe('Argon2 queue', () => {
  it('answers 503 with Retry-After beyond the queue, and counts nothing for those', async () => {
    const u = await createUser(t.app);
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: `ghost${i}`, password: 'wrong-pw' },
          remoteAddress: '10.1.1.1',
        }),
      ),
    );
    const busy = res.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(res.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(2);
    for (const r of busy) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().message).toMatch(/busy/);
    }
    // The queue drains: the owner signs in afterwards.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.username, password: DEFAULT_PASSWORD },
      remoteAddress: '10.1.1.2',
    });
    expect(ok.statusCode).toBe(200);
  });
});
