import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { takingTurns } from './client';

// PGlite's statements run on this thread; queued back to back they would hold every other
// request until all ran (server/src/db/client.ts, docs/decisions/0032-argon2-queue.md).
describe('takingTurns (PGlite)', () => {
  it('runs statements one at a time, in order, and lets the event loop turn between them', async () => {
    const order: number[] = [];
    let running = 0;
    let peak = 0;
    // A statement that keeps the thread 2 ms, as a real one does.
    const fake = {
      query: async (text: string) => {
        running += 1;
        peak = Math.max(peak, running);
        const end = performance.now() + 2;
        while (performance.now() < end) {
          // busy, like WASM
        }
        order.push(Number(text));
        running -= 1;
        return { rows: [] };
      },
      transaction: async <T>(run: (tx: unknown) => Promise<T>) => run(null),
    } as unknown as PGlite;
    const db = takingTurns(fake);
    let turns = 0;
    let done = false;
    const probe = () => {
      if (done) return;
      turns += 1;
      setImmediate(probe);
    };
    setImmediate(probe);
    await Promise.all(Array.from({ length: 50 }, (_, i) => db.query(String(i))));
    done = true;
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(peak).toBe(1);
    // 100 ms of statements with a turn at least every 5 ms: the probe ran many times meanwhile.
    expect(turns).toBeGreaterThanOrEqual(10);
    // A failed statement does not stop the queue.
    const failing = {
      ...fake,
      query: async () => Promise.reject(new Error('boom')),
    } as unknown as PGlite;
    const q = takingTurns(failing);
    await expect(q.query('x')).rejects.toThrow('boom');
    await expect(q.transaction(async () => 7)).resolves.toBe(7);
  });
});
