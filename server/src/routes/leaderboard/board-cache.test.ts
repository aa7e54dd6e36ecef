import { describe, expect, it } from 'vitest';
import { BoardCache } from './board-cache';

const later = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('BoardCache', () => {
  it('serves a loaded value until the next invalidation', async () => {
    const c = new BoardCache();
    let loads = 0;
    const load = async () => `[${++loads}]`;
    expect(await c.getOrLoad('k', load)).toBe('[1]');
    expect(await c.getOrLoad('k', load)).toBe('[1]');
    c.invalidate();
    expect(await c.getOrLoad('k', load)).toBe('[2]');
  });

  it('never keeps a value whose load overlapped a write', async () => {
    const c = new BoardCache();
    const slow = later();
    const first = c.getOrLoad('k', () => slow.promise);
    c.invalidate(); // a save committed while the board was being read
    slow.resolve('[stale]');
    expect(await first).toBe('[stale]'); // its own caller gets it...
    expect(c.size).toBe(0); // ...but it is not kept
    expect(await c.getOrLoad('k', async () => '[fresh]')).toBe('[fresh]');
    expect(await c.getOrLoad('k', async () => '[other]')).toBe('[fresh]');
  });

  it('shares one load between concurrent misses, but not across a write', async () => {
    const c = new BoardCache();
    const slow = later();
    let loads = 0;
    const load = () => {
      loads += 1;
      return slow.promise;
    };
    const a = c.getOrLoad('k', load);
    const b = c.getOrLoad('k', load);
    c.invalidate();
    const fresh = c.getOrLoad('k', async () => '[after-write]');
    slow.resolve('[before-write]');
    expect(await a).toBe('[before-write]');
    expect(await b).toBe('[before-write]');
    expect(await fresh).toBe('[after-write]');
    expect(loads).toBe(1);
  });

  it('keeps nothing from a load that failed', async () => {
    const c = new BoardCache();
    await expect(
      c.getOrLoad('k', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await c.getOrLoad('k', async () => 'ok')).toBe('ok');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const c = new BoardCache({ maxEntries: 2 });
    await c.getOrLoad('a', async () => 'A');
    await c.getOrLoad('b', async () => 'B');
    expect(await c.getOrLoad('a', async () => 'A2')).toBe('A'); // a is now the most recent
    await c.getOrLoad('c', async () => 'C');
    expect(await c.getOrLoad('a', async () => 'A3')).toBe('A');
    expect(await c.getOrLoad('c', async () => 'C2')).toBe('C');
    expect(await c.getOrLoad('b', async () => 'B2')).toBe('B2'); // b was dropped
  });

  it('loads every time while disabled, and starts empty when enabled again', async () => {
    const c = new BoardCache();
    await c.getOrLoad('k', async () => 'X');
    c.setEnabled(false);
    expect(await c.getOrLoad('k', async () => 'Y')).toBe('Y');
    expect(c.size).toBe(0);
    c.setEnabled(true);
    expect(await c.getOrLoad('k', async () => 'Z')).toBe('Z');
  });

  describe('while off', () => {
    // A stand-in database: each read sees the writes committed when it begins.
    const database = () => {
      let committed = 0;
      const reads: ReturnType<typeof later>[] = [];
      return {
        write: () => (committed += 1),
        read: () => {
          const seen = committed;
          const gate = later();
          reads.push(gate);
          return gate.promise.then(() => `seen ${seen}`);
        },
        reads,
      };
    };

    it('never answers from a read that began before the call, and shares the next one', async () => {
      const c = new BoardCache({ enabled: false });
      const db = database();
      const first = c.getOrLoad('k', db.read);
      expect(db.reads).toHaveLength(1);
      db.write(); // committed while the first read is in flight
      const second = c.getOrLoad('k', db.read);
      const third = c.getOrLoad('k', db.read);
      expect(db.reads).toHaveLength(1); // they wait for the read in flight to end...
      db.reads[0]!.resolve('');
      expect(await first).toBe('seen 0');
      await new Promise((r) => setImmediate(r));
      expect(db.reads).toHaveLength(2); // ...then share one read that begins after it
      db.reads[1]!.resolve('');
      expect(await second).toBe('seen 1');
      expect(await third).toBe('seen 1');
      expect(c.size).toBe(0);
    });

    it('begins a read at once when none is in flight, and keys do not share', async () => {
      const c = new BoardCache({ enabled: false });
      const db = database();
      const a = c.getOrLoad('a', db.read);
      const b = c.getOrLoad('b', db.read);
      expect(db.reads).toHaveLength(2);
      db.reads.forEach((r) => r.resolve(''));
      expect([await a, await b]).toEqual(['seen 0', 'seen 0']);
      db.write();
      const again = c.getOrLoad('a', db.read);
      expect(db.reads).toHaveLength(3);
      db.reads[2]!.resolve('');
      expect(await again).toBe('seen 1');
    });

    it('fails only the callers of a failed read; the read queued behind it still runs', async () => {
      const c = new BoardCache({ enabled: false });
      const failing = later();
      const first = c.getOrLoad('k', () =>
        failing.promise.then(() => Promise.reject(new Error('db down'))),
      );
      const second = c.getOrLoad('k', async () => 'fresh');
      failing.resolve('');
      await expect(first).rejects.toThrow('db down');
      expect(await second).toBe('fresh');
      expect(await c.getOrLoad('k', async () => 'after')).toBe('after');
    });
  });
});
