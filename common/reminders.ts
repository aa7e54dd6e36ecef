// Reminders' rules and local-time arithmetic (docs/decisions/0234-reminders.md,
// docs/decisions/0235-the-reminder-job.md): pure, shared by the server's job and the client's form.

import { wallClock } from './zone-clock';

/** Quiet hours: no reminder is set for, or sent at, a local time from 22:00 up to 07:00. */
export const QUIET_FROM_MINUTE = 22 * 60;
export const QUIET_UNTIL_MINUTE = 7 * 60;
export const QUIET_HOURS_MESSAGE =
  'Reminders are never sent between 22:00 and 07:00. Choose a time from 07:00 to 21:59.';
/** HH:MM from 07:00 to 21:59: the times a reminder may be set for. */
export const ALLOWED_TIME_PATTERN = /^(0[7-9]|1[0-9]|2[01]):[0-5][0-9]$/;

/** Minutes since local midnight of "HH:MM". */
export const minuteOfDay = (hhmm: string) =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const isQuietMinute = (minute: number) =>
  minute >= QUIET_FROM_MINUTE || minute < QUIET_UNTIL_MINUTE;

/** The weekly goal reminder starts on Thursday (weeks run Sunday to Saturday). */
export const WEEKLY_GOAL_FROM_WEEKDAY = 4;

/**
 * Whether to remind of the weekly goal today: from Thursday on, when no set was saved today and
 * the sessions still missing can be reached with one a day from today to Saturday.
 */
export function weeklyGoalDue(
  weekday: number,
  sessionsThisWeek: number,
  goal: number,
  trainedToday: boolean,
): boolean {
  const missing = goal - sessionsThisWeek;
  return (
    weekday >= WEEKLY_GOAL_FROM_WEEKDAY && !trainedToday && missing >= 1 && missing <= 7 - weekday
  );
}

// wallClock and localDate live in common/zone-clock.ts; re-exported for the reminders' callers.
export { localDate, wallClock } from './zone-clock';

/** The local minute of the day at an instant. */
export const localMinute = (instant: number, tz: string) =>
  Math.floor((wallClock(instant, tz).wall % 86_400_000) / 60_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The instant the local date `ymd` ("YYYY-MM-DD") reads `hhmm` in `tz`. A time the clocks skip
 * (spring forward) moves to the first minute that exists after it; a time that happens twice
 * (fall back) gives the first of the two.
 */
export function localInstant(ymd: string, hhmm: string, tz: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d) + minuteOfDay(hhmm) * MINUTE;
  // Every zone's offset is within -12 h..+14 h: the instant lies in [target - 14 h, target + 12 h].
  const offsets = new Set(
    [-14, -6, 0, 6, 12].map((h) => wallClock(target + h * HOUR, tz).wall - (target + h * HOUR)),
  );
  const exact = [...offsets].map((o) => target - o).filter((t) => wallClock(t, tz).wall === target);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // A gap: the first whole minute whose wall clock is at or after the target.
  let lo = target - 14 * HOUR;
  let hi = target + 12 * HOUR;
  while (hi - lo > MINUTE) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
    if (wallClock(mid, tz).wall >= target) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}
