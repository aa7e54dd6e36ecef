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
    await expect(c.getOrLoad('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
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
});
