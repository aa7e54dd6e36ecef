import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionEntry } from './session-cache';

const entry = (userId: number, lastSeen = new Date()): SessionEntry =>
  ({
    session: {
      id: `s${userId}`,
      userId,
      lastSeenAt: lastSeen,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
    user: { id: userId, username: `u${userId}` },
  }) as unknown as SessionEntry;

describe('session cache', () => {
  it('keeps a lookup, and forgets every session of a member it is told about', async () => {
    const cache = new SessionCache();
    await cache.getOrLoad('a1', async () => entry(1));
    await cache.getOrLoad('a2', async () => entry(1));
    await cache.getOrLoad('b1', async () => entry(2));
    expect(cache.get('a1')?.user.id).toBe(1);
    cache.hear('1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.user.id).toBe(2);
    cache.hear('3,2');
    expect(cache.get('b1')).toBeUndefined();
  });

  it('`*`, an empty or a garbled payload forget everything', async () => {
    for (const payload of ['*', '', 'x,1']) {
      const cache = new SessionCache();
      await cache.getOrLoad('a', async () => entry(1));
      await cache.getOrLoad('b', async () => entry(2));
      cache.hear(payload);
      expect(cache.size).toBe(0);
    }
  });

  it('answers a cached session without loading it again', async () => {
    const cache = new SessionCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return entry(1);
    };
    await cache.getOrLoad('a', load);
    expect((await cache.getOrLoad('a', load))?.user.id).toBe(1);
    expect(loads).toBe(1);
    // Off (as SESSION_CACHE=false), every lookup loads.
    cache.setEnabled(false);
    await cache.getOrLoad('a', load);
    expect(loads).toBe(2);
  });

  it('does not keep a lookup that ran while a change was announced', async () => {
    const cache = new SessionCache();
    let release!: () => void;
    const slow = cache.getOrLoad('a', async () => {
      await new Promise<void>((r) => (release = r));
      return entry(1);
    });
    await Promise.resolve();
    cache.hear('7'); // any member: the row read may predate the change
    release();
    expect((await slow)?.user.id).toBe(1);
    expect(cache.get('a')).toBeUndefined();
    // The next lookup, after the change, is kept.
    await cache.getOrLoad('a', async () => entry(1));
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps nothing while off, and starts empty when turned on', async () => {
    const cache = new SessionCache({ enabled: false });
    await cache.getOrLoad('a', async () => entry(1));
    expect(cache.get('a')).toBeUndefined();
    cache.setEnabled(true);
    await cache.getOrLoad('a', async () => entry(1));
    expect(cache.get('a')).toBeDefined();
    cache.setEnabled(false);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new SessionCache({ maxEntries: 3 });
    for (let i = 1; i <= 5; i++) await cache.getOrLoad(`s${i}`, async () => entry(i));
    expect(cache.size).toBe(3);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s5')).toBeDefined();
    // The member index follows: forgetting member 1 (already dropped) leaves the rest.
    cache.invalidateUser(1);
    expect(cache.size).toBe(3);
  });

  it('sync waits for its marker to come back, and is free without an announcer', async () => {
    const cache = new SessionCache();
    await cache.sync(); // no announcer: returns at once
    const sent: string[] = [];
    cache.announceWith(async (payload) => {
      sent.push(payload);
      setTimeout(() => cache.hear(payload), 20);
    });
    const t0 = performance.now();
    await cache.sync();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^sync:/);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(15);
    // A marker is not a member id: nothing is forgotten.
    await cache.getOrLoad('a', async () => entry(1));
    cache.hear(sent[0]!);
    expect(cache.get('a')).toBeDefined();
  });
});
