import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatPercent, numberLocale } from './format-number';

describe('formatCount', () => {
  it('groups thousands with commas in English', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12540)).toBe('12,540');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('groups as each language does', () => {
    expect(formatCount(12540, 'de')).toBe('12.540');
    expect(formatCount(12540, 'es')).toBe('12.540');
    expect(formatCount(1234567, 'de')).toBe('1.234.567');
    // The pseudo-locale writes English figures.
    expect(formatCount(12540, 'en-XA')).toBe('12,540');
  });
});

describe('formatDecimal and formatPercent', () => {
  it('write decimals and percentages per language', () => {
    expect(formatDecimal(2.5)).toBe('2.5');
    expect(formatDecimal(2.5, 1, 'de')).toBe('2,5');
    expect(formatDecimal(2.5, 1, 'es')).toBe('2,5');
    expect(formatPercent(0.42)).toBe('42%');
    expect(formatPercent(0.42, 'de')).toBe('42\u00a0%');
  });

  it('writes English with the specification’s locale', () => {
    expect(numberLocale('en')).toBe('en-US');
    expect(numberLocale('en-XA')).toBe('en-US');
    expect(numberLocale('de')).toBe('de');
  });
});
