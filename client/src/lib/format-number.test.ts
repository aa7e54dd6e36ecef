import { describe, expect, it } from 'vitest';
import { formatCount } from './format-number';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12540)).toBe('12,540');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
