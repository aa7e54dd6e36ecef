import { wallClock } from './zone-clock';

// A member's day streak and week streak (docs/decisions/0232-streaks.md): pure arithmetic over
// local calendar days, numbered as days since 1970-01-01 of the member's zone.

const DAY_MS = 86_400_000;
/** 1970-01-04 (day 3) was a Sunday: the weekly goal's weeks start on Sundays. */
const SUNDAY_EPOCH_DAY = 3;

export interface Streaks {
  /** Consecutive local days with a set, ending today (if done) or yesterday (still alive). */
  dayStreak: number;
  /** Consecutive Sunday-start weeks meeting the weekly goal, as the weekly goal counts them. */
  weekStreak: number;
}

/** The local calendar day of `instant` in `tz` (an IANA name), as days since 1970-01-01. */
export function localDayNumber(instant: Date | number, tz: string): number {
  const { year, month, day } = wallClock(new Date(instant).getTime(), tz);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The Sunday-start week number of a day number (week 0 starts on Sunday 1970-01-04). */
export const weekOfDay = (day: number) => Math.floor((day - SUNDAY_EPOCH_DAY) / 7);

/** The day streak: today counts when done; a day without a set ends it, except today itself. */
export function dayStreakOf(days: Iterable<number>, today: number): number {
  const done = new Set(days);
  let day = done.has(today) ? today : today - 1;
  let streak = 0;
  while (done.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

/**
 * The week streak from the days with a set: a week's sessions are its days with a set; the current
 * week adds one when its goal is met and is skipped otherwise; the first earlier week below the
 * goal ends it (the weekly goal's rule, docs/decisions/0053-weekly-goal.md).
 */
export function weekStreakOfDays(days: Iterable<number>, today: number, goal: number): number {
  const perWeek = new Map<number, number>();
  for (const day of new Set(days)) {
    if (day > today) continue;
    const week = weekOfDay(day);
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
  }
  const current = weekOfDay(today);
  let streak = (perWeek.get(current) ?? 0) >= goal ? 1 : 0;
  for (let w = current - 1; (perWeek.get(w) ?? 0) >= goal; w -= 1) streak += 1;
  return streak;
}

/** Both streaks from the local days with a set (days after today are not counted yet). */
export function streaksOf(days: readonly number[], today: number, goal: number): Streaks {
  return { dayStreak: dayStreakOf(days, today), weekStreak: weekStreakOfDays(days, today, goal) };
}

/** Both streaks from the instants of the sets, in the member's zone (the zone they are in now). */
export function streaksAt(
  instants: readonly (Date | number)[],
  now: Date | number,
  tz: string,
  goal: number,
): Streaks {
  return streaksOf(
    instants.map((i) => localDayNumber(i, tz)),
    localDayNumber(now, tz),
    goal,
  );
}
