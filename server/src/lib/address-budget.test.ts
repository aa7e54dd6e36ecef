import { describe, expect, it } from 'vitest';
import { AddressBudget } from './address-budget';

describe('AddressBudget', () => {
  it('allows `max` events per key in a window, then says how long to wait', () => {
    const b = new AddressBudget(3, 60_000);
    expect([b.take('a', 0), b.take('a', 1), b.take('a', 2)]).toEqual([null, null, null]);
    expect(b.take('a', 1_000)).toBe(59);
    expect(b.take('a', 59_999)).toBe(1);
    // Other keys have their own count; a new window starts afresh.
    expect(b.take('b', 2_000)).toBeNull();
    expect(b.take('a', 60_000)).toBeNull();
  });

  it('remembers at most maxKeys keys: expired ones go first, then the oldest', () => {
    const b = new AddressBudget(1, 1_000, 100);
    for (let i = 0; i < 100; i++) b.take(`k${i}`, 0);
    expect(b.size).toBe(100);
    b.take('late', 500);
    expect(b.size).toBeLessThanOrEqual(100);
    // The newest keys are still counted.
    expect(b.take('k99', 600)).toBe(1);
    for (let i = 0; i < 1_000; i++) b.take(`n${i}`, 2_000);
    expect(b.size).toBeLessThanOrEqual(100);
  });
});
