import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatFull,
  formatMedium,
  formatShort,
  formatTime,
  weekStart,
} from './dates';
import { formatMediumWithTime } from './medium-date';

describe('date formats', () => {
  const d = new Date(2026, 10, 3, 14, 5); // Tue 3 Nov 2026, local time

  it('formats short, medium and full as the spec says', () => {
    expect(formatShort(d)).toBe('11/03/2026');
    expect(formatMedium(d)).toBe('Nov 3, 2026');
    expect(formatFull(d)).toBe('Tuesday, November 3rd, 2026');
    expect(formatMedium(d.toISOString())).toBe('Nov 3, 2026');
  });

  it('starts weeks on Sunday', () => {
    const start = weekStart(d);
    expect(start.getDay()).toBe(0);
    expect(start.getDate()).toBe(1);
  });

  it('formats medium without date-fns exactly as date-fns does', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        const at = new Date(month % 2 ? 1999 : 2031, month, day, 23, 59);
        expect(formatMedium(at)).toBe(format(at, DATE_FORMATS.medium));
        expect(formatMedium(at.getTime())).toBe(format(at, DATE_FORMATS.medium));
      }
    }
    expect(() => formatMedium('not a date')).toThrow(RangeError);
  });

  it('adds the time as formatTime does (several sets a day tell apart)', () => {
    for (const [h, m] of [
      [0, 0],
      [0, 5],
      [9, 30],
      [11, 59],
      [12, 0],
      [13, 7],
      [23, 59],
    ] as const) {
      const at = new Date(2026, 10, 3, h, m);
      expect(formatMediumWithTime(at)).toBe(
        `${format(at, DATE_FORMATS.medium)}, ${formatTime(at)}`,
      );
    }
    expect(formatMediumWithTime(new Date(2026, 10, 3, 15, 45))).toBe('Nov 3, 2026, 3:45 PM');
  });
});
