import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '@common/schemas/workouts';
import { newIdempotencyKey } from './idempotency-key';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where it exists', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(V4);
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('builds a v4 UUID from getRandomValues on plain-HTTP origins (no randomUUID)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) {
      expect(k).toMatch(V4);
      expect(idempotencyKeySchema.safeParse(k).success).toBe(true);
    }
  });
});
