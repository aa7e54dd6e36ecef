import { describe, expect, it } from 'vitest';
import { dayStreakOf, localDayNumber, streaksAt, weekOfDay, weekStreakOfDays } from './streaks';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('localDayNumber and weekOfDay', () => {
  it("numbers the member's local date, and weeks start on Sunday", () => {
    expect(localDayNumber(Date.parse('2026-11-29T23:30:00Z'), 'UTC')).toBe(day('2026-11-29'));
    expect(localDayNumber(Date.parse('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toBe(
      day('2026-11-30'),
    );
    expect(localDayNumber(Date.parse('2026-11-29T03:30:00Z'), 'America/New_York')).toBe(
      day('2026-11-28'),
    );
    // Sunday 2026-11-29 starts a week; Saturday 2026-11-28 ends the one before.
    expect(weekOfDay(day('2026-11-29'))).toBe(weekOfDay(day('2026-12-05')));
    expect(weekOfDay(day('2026-11-28'))).toBe(weekOfDay(day('2026-11-29')) - 1);
    expect(weekOfDay(day('1970-01-04'))).toBe(0);
  });
});

describe('dayStreakOf', () => {
  const today = day('2026-11-29');
  it('counts today when done, keeps the streak alive through yesterday, and ends it at a gap', () => {
    expect(dayStreakOf([], today)).toBe(0);
    expect(dayStreakOf([today], today)).toBe(1);
    expect(dayStreakOf([today - 1, today - 2], today)).toBe(2);
    expect(dayStreakOf([today, today - 1, today - 2, today - 4], today)).toBe(3);
    expect(dayStreakOf([today - 2, today - 3], today)).toBe(0);
    expect(dayStreakOf([today, today, today - 1], today)).toBe(2);
  });
});

describe('weekStreakOfDays', () => {
  const sunday = day('2026-11-29');
  it('counts days, not sets, and skips the current week until its goal is met', () => {
    expect(weekStreakOfDays([sunday, sunday, sunday], sunday, 2)).toBe(0);
    const lastWeek = [sunday - 7, sunday - 6];
    const weekBefore = [sunday - 14, sunday - 12];
    expect(weekStreakOfDays([...lastWeek, ...weekBefore], sunday, 2)).toBe(2);
    expect(weekStreakOfDays([...lastWeek, ...weekBefore, sunday, sunday + 1], sunday + 1, 2)).toBe(
      3,
    );
    expect(weekStreakOfDays([...lastWeek, sunday - 12], sunday, 2)).toBe(1);
    // A day after today (a clock ahead of the server's) is not counted yet.
    expect(weekStreakOfDays([sunday, sunday + 1], sunday, 2)).toBe(0);
  });
});

describe('streaksAt', () => {
  it('counts local days across a DST change (Europe/Paris springs forward on 2026-03-29)', () => {
    // 00:30 local each night: 23:30Z before the change, 22:30Z after it.
    const sets = [
      '2026-03-27T23:30:00Z',
      '2026-03-28T23:30:00Z',
      '2026-03-29T22:30:00Z',
      '2026-03-30T22:30:00Z',
    ];
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(streaksAt(sets.map(Date.parse), now, 'Europe/Paris', 3).dayStreak).toBe(4);
    // In UTC those are 27, 28, 29, 30 March too, but the 23-hour day holds no extra or missing day.
    expect(streaksAt(sets.map(Date.parse), now, 'UTC', 3).dayStreak).toBe(4);
    // The fall-back night (2026-10-25 has 25 hours): 00:30 twice-over is still one day each.
    const autumn = ['2026-10-23T22:30:00Z', '2026-10-24T22:30:00Z', '2026-10-25T23:30:00Z'];
    expect(
      streaksAt(autumn.map(Date.parse), Date.parse('2026-10-26T08:00:00Z'), 'Europe/Paris', 3)
        .dayStreak,
    ).toBe(3);
  });

  it('counts an American DST week as one Sunday-start week (New York springs forward on 2026-03-08)', () => {
    // Saturday night and Sunday morning local: two weeks; 23:30 local on Saturday 7 March is 04:30Z Sunday.
    const sets = [
      '2026-03-01T15:00:00Z',
      '2026-03-03T15:00:00Z',
      '2026-03-08T04:30:00Z',
      '2026-03-08T15:00:00Z',
      '2026-03-09T15:00:00Z',
    ];
    const now = Date.parse('2026-03-09T20:00:00Z');
    expect(streaksAt(sets.map(Date.parse), now, 'America/New_York', 2)).toEqual({
      dayStreak: 3,
      weekStreak: 2,
    });
    // In UTC the 04:30Z set is on Sunday 8 March, with the 15:00Z one: one day, not two.
    expect(streaksAt(sets.map(Date.parse), now, 'UTC', 2)).toEqual({ dayStreak: 2, weekStreak: 2 });
  });

  it('computes the whole history in the zone the member is in now (a zone change moves past days too)', () => {
    // 23:00 and 01:00 in Tokyo (two days there) are 06:00 and 08:00 of one day in Los Angeles.
    const sets = ['2026-11-27T14:00:00Z', '2026-11-27T16:00:00Z'].map(Date.parse);
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(streaksAt(sets, now, 'Asia/Tokyo', 2)).toEqual({ dayStreak: 2, weekStreak: 1 });
    expect(streaksAt(sets, now, 'America/Los_Angeles', 2)).toEqual({ dayStreak: 1, weekStreak: 0 });
    // Their week (Sunday 22 to Saturday 28 November) meets a goal of 2 in Tokyo only.
    expect(streaksAt(sets, Date.parse('2026-11-29T10:00:00Z'), 'Asia/Tokyo', 2).weekStreak).toBe(1);
    expect(
      streaksAt(sets, Date.parse('2026-11-29T10:00:00Z'), 'America/Los_Angeles', 2).weekStreak,
    ).toBe(0);
  });
});
