import { describe, expect, it } from 'vitest';
import { periodRange, startOfLocalDay } from './period';

const range = (period: 'today' | 'week' | 'month', now: string, tz: string) => {
  const r = periodRange(period, new Date(now), tz);
  return [r.start?.toISOString(), r.end?.toISOString()];
};

describe('periodRange', () => {
  it('gives all time as unbounded', () => {
    expect(periodRange('all_time', new Date(), 'Asia/Tokyo')).toEqual({ start: null, end: null });
  });

  it('handles half-hour and 45-minute zones', () => {
    expect(range('today', '2026-03-08T12:00:00Z', 'Asia/Kolkata')).toEqual([
      '2026-03-07T18:30:00.000Z',
      '2026-03-08T18:30:00.000Z',
    ]);
    expect(range('today', '2026-03-08T12:00:00Z', 'Asia/Kathmandu')).toEqual([
      '2026-03-07T18:15:00.000Z',
      '2026-03-08T18:15:00.000Z',
    ]);
  });

  it('starts weeks on Sunday, also across a month and year end', () => {
    // Friday 1 January 2027 in UTC: the week began on Sunday 27 December 2026.
    expect(range('week', '2027-01-01T10:00:00Z', 'UTC')).toEqual([
      '2026-12-27T00:00:00.000Z',
      '2027-01-03T00:00:00.000Z',
    ]);
    // A Sunday is the first day of its own week.
    expect(range('week', '2026-06-14T00:00:00Z', 'UTC')[0]).toBe('2026-06-14T00:00:00.000Z');
    expect(range('week', '2026-06-13T23:59:59Z', 'UTC')[0]).toBe('2026-06-07T00:00:00.000Z');
  });

  it('takes the moment clocks jump when midnight does not exist (Santiago, 6 Sep 2026)', () => {
    expect(startOfLocalDay(2026, 9, 6, 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('takes the first of two midnights (Havana, 1 Nov 2026)', () => {
    expect(startOfLocalDay(2026, 11, 1, 'America/Havana').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });

  it('accepts zone names in any case', () => {
    expect(range('today', '2026-06-17T15:00:00Z', 'europe/paris')[0]).toBe(
      '2026-06-16T22:00:00.000Z',
    );
  });
});
