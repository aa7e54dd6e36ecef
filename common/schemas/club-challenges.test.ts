import { describe, expect, it } from 'vitest';
import { entryOf } from '../challenges';
import { clubChallengeDayErrors, isCalendarDate, targetRangeOf } from './club-challenges';

describe("a club challenge's days", () => {
  it('are real dates, the last on or after the first, at most 90 days', () => {
    const errors = (startDate: string, endDate: string) =>
      clubChallengeDayErrors({ startDate, endDate });
    expect(errors('2026-06-01', '2026-06-01')).toEqual({});
    expect(errors('2026-06-01', '2026-08-29')).toEqual({});
    expect(errors('2026-06-01', '2026-08-30')).toEqual({
      endDate: 'A challenge lasts at most 90 days',
    });
    expect(errors('2026-06-02', '2026-06-01')).toEqual({
      endDate: 'The end date must be on or after the start date',
    });
    expect(errors('2026-02-29', '')).toEqual({
      startDate: 'Start date must be a date (YYYY-MM-DD)',
      endDate: 'End date is required',
    });
  });
});

describe('isCalendarDate', () => {
  it('says no, without throwing, to a month or day out of range', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    for (const v of ['2026-13-45', '2026-02-30', '0000-00-00', '2026-1-01', ''])
      expect(isCalendarDate(v), v).toBe(false);
    expect(clubChallengeDayErrors({ startDate: '2026-13-45', endDate: '2026-99-99' })).toEqual({
      startDate: 'Start date must be a date (YYYY-MM-DD)',
      endDate: 'End date must be a date (YYYY-MM-DD)',
    });
  });
});

describe("a club challenge's target", () => {
  it("is a score in the challenge's range, or for time the seconds to finish within", () => {
    expect(targetRangeOf(entryOf('pushup-90').scoring!)).toEqual({
      min: 1,
      max: 300,
      unit: 'push-ups',
    });
    expect(targetRangeOf(entryOf('mfm-challenge').scoring!)).toEqual({
      min: 360,
      max: 1800,
      unit: 'seconds to finish',
    });
  });
});
