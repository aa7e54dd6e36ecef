import { describe, expect, it } from 'vitest';
import { isQuietMinute, localDate, localInstant, minuteOfDay, weeklyGoalDue } from './reminders';
import { reminderSettingsSchema } from './schemas/reminders';

describe('localInstant', () => {
  it('follows the zone across a spring-forward day (America/New_York, 2026-03-07 -> 03-08)', () => {
    expect(localInstant('2026-03-07', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T23:00:00.000Z',
    );
    expect(localInstant('2026-03-08', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T22:00:00.000Z',
    );
  });

  it('follows Europe/Berlin across 2026-03-28 -> 29', () => {
    expect(localInstant('2026-03-28', '08:15', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T07:15:00.000Z',
    );
    expect(localInstant('2026-03-29', '08:15', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T06:15:00.000Z',
    );
  });

  it('moves a time the clocks skip to the next minute that exists', () => {
    // 02:00 -> 03:00 EDT: 02:30 does not exist; 03:00 EDT is 07:00Z.
    expect(localInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(localInstant('2026-03-29', '02:59', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('gives the first of a time that happens twice', () => {
    expect(localInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('handles UTC and zones east of it', () => {
    expect(localInstant('2026-06-01', '07:00', 'UTC').toISOString()).toBe(
      '2026-06-01T07:00:00.000Z',
    );
    expect(localInstant('2026-06-01', '07:00', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-06-01T01:15:00.000Z',
    );
    expect(localDate(Date.parse('2026-06-01T20:00:00Z'), 'Pacific/Auckland')).toBe('2026-06-02');
  });
});

describe('quiet hours', () => {
  it('are 22:00 up to 07:00', () => {
    expect(isQuietMinute(minuteOfDay('21:59'))).toBe(false);
    expect(isQuietMinute(minuteOfDay('22:00'))).toBe(true);
    expect(isQuietMinute(minuteOfDay('03:00'))).toBe(true);
    expect(isQuietMinute(minuteOfDay('06:59'))).toBe(true);
    expect(isQuietMinute(minuteOfDay('07:00'))).toBe(false);
  });

  it('a time in them is refused by the settings schema with a clear message', () => {
    const base = { planDays: true, weeklyGoal: false, email: true, push: false };
    const r = reminderSettingsSchema.safeParse({ ...base, time: '22:30' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/never sent between 22:00 and 07:00/);
    expect(reminderSettingsSchema.safeParse({ ...base, time: '21:59' }).success).toBe(true);
    expect(reminderSettingsSchema.safeParse({ ...base, time: '7:00' }).success).toBe(false);
    expect(reminderSettingsSchema.safeParse({ ...base, time: '07:00' }).success).toBe(true);
  });
});

describe('weeklyGoalDue', () => {
  it('from Thursday on, when the goal is missed, reachable, and nothing was done today', () => {
    expect(weeklyGoalDue(3, 0, 3, false)).toBe(false); // Wednesday: not yet
    expect(weeklyGoalDue(4, 1, 3, false)).toBe(true); // Thursday, 2 missing, 3 days left
    expect(weeklyGoalDue(4, 3, 3, false)).toBe(false); // met
    expect(weeklyGoalDue(5, 1, 3, true)).toBe(false); // trained today
    expect(weeklyGoalDue(6, 0, 3, false)).toBe(false); // Saturday, 3 missing: out of reach
    expect(weeklyGoalDue(6, 2, 3, false)).toBe(true); // Saturday, 1 missing
  });
});
