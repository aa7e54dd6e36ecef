import { describe, expect, it } from 'vitest';
import { clampCount, parseCount } from './count';

describe('parseCount', () => {
  it('reads whole numbers', () => {
    expect(parseCount('42')).toBe(42);
    expect(parseCount(' 7 ')).toBe(7);
    expect(parseCount('12.9')).toBe(12);
  });
  it('turns non-numeric input into 0', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount('abc')).toBe(0);
    expect(parseCount('-')).toBe(0);
  });
  it('never goes below 0 nor above the maximum', () => {
    expect(parseCount('-5')).toBe(0);
    expect(parseCount('100000')).toBe(300);
    expect(clampCount(-1)).toBe(0);
    expect(clampCount(Number.NaN)).toBe(0);
    expect(clampCount(301)).toBe(300);
  });
});
