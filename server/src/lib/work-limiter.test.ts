import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { WorkLimiter } from './work-limiter';

describe('WorkLimiter', () => {
  it('runs at most `concurrency` at once, queues `queue` more and refuses the rest with 503', async () => {
    const limiter = new WorkLimiter(2, 3);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 20));
      running -= 1;
      return 'ok';
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.run(task)));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect((r.reason as HttpError).statusCode).toBe(503);
      expect((r.reason as HttpError).headers?.['retry-after']).toMatch(/^\d+$/);
    }
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task throws', async () => {
    const limiter = new WorkLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limiter.run(async () => 1)).toBe(1);
  });

  it('says when it is full, so callers refuse before the work that leads up to a task', async () => {
    const limiter = new WorkLimiter(1, 1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = limiter.run(() => gate);
    expect(limiter.full).toBe(false);
    expect(() => limiter.refuseIfFull()).not.toThrow();
    const second = limiter.run(async () => 2);
    expect(limiter.full).toBe(true);
    expect(() => limiter.refuseIfFull()).toThrow(HttpError);
    release();
    await Promise.all([first, second]);
    expect(limiter.full).toBe(false);
  });
});
