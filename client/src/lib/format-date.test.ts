import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { formatFull, formatMedium, formatShort, formatTime } from './dates';
import {
  formatClockTime,
  formatDateFull,
  formatDateMedium,
  formatDateShort,
  formatDateTime,
  formatMonthDay,
} from './format-date';

describe('format-date', () => {
  const d = new Date(2026, 10, 3, 14, 5); // Tue 3 Nov 2026, local time

  it('keeps the specification’s English formats, as date-fns writes them', () => {
    expect(formatDateShort(d, 'en')).toBe('11/03/2026');
    expect(formatDateMedium(d, 'en')).toBe('Nov 3, 2026');
    expect(formatDateFull(d, 'en')).toBe('Tuesday, November 3rd, 2026');
    expect(formatClockTime(d, 'en')).toBe('2:05 PM');
    expect(formatDateTime(d, 'en')).toBe('Nov 3, 2026, 2:05 PM');
    for (let day = 1; day <= 31; day++) {
      const x = new Date(2026, 0, day, day % 24, day);
      expect(formatDateFull(x, 'en')).toBe(formatFull(x));
      expect(formatDateShort(x, 'en')).toBe(formatShort(x));
      expect(formatDateMedium(x, 'en')).toBe(formatMedium(x));
      expect(formatClockTime(x, 'en')).toBe(formatTime(x));
      const m = new Date(2026, day % 12, day);
      expect(formatMonthDay(m, 'en')).toBe(format(m, 'MMM d'));
    }
  });

  it('writes German and Spanish dates as their locales do', () => {
    expect(formatDateShort(d, 'de')).toBe('03.11.2026');
    expect(formatDateShort(d, 'es')).toBe('03/11/2026');
    expect(formatDateMedium(d, 'de')).toBe('3. Nov. 2026');
    expect(formatDateFull(d, 'de')).toBe('Dienstag, 3. November 2026');
    expect(formatDateFull(d, 'es')).toBe('martes, 3 de noviembre de 2026');
    expect(formatClockTime(d, 'de')).toBe('14:05');
    expect(formatClockTime(d, 'es')).toBe('14:05');
    expect(formatMonthDay(d, 'de')).toBe('3. Nov.');
    expect(formatMonthDay(d, 'es')).toBe('3 nov');
  });

  it('takes ISO strings and refuses invalid dates', () => {
    expect(formatDateMedium(d.toISOString(), 'en')).toBe('Nov 3, 2026');
    expect(() => formatDateShort('nonsense', 'de')).toThrow(RangeError);
  });
});
