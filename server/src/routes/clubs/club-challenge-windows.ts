import { localDate, localInstant } from '@common/reminders';
import { addDays, type ClubChallengeStatus } from '@common/schemas/club-challenges';

// A club challenge's days are each member's own calendar days (docs/decisions/0259-club-challenge-days.md):
// a member in Tokyo and one in Denver both have 1 to 7 June from their own midnight to their own
// midnight. The challenge is upcoming or current as the viewer's own days say, and ended (its
// result shown) once the last zone on Earth (UTC-12) has finished its last day.

const H = 3_600_000;
/** Member zones span UTC-12 to UTC+14. */
const LATEST_OFFSET_H = 12;

export interface Window {
  start: Date;
  end: Date;
}

/** A member's window: their local midnight of the first day to their local midnight after the last. */
export function windowIn(startDate: string, endDate: string, tz: string | null): Window {
  const zone = tz ?? 'UTC';
  try {
    return {
      start: localInstant(startDate, '00:00', zone),
      end: localInstant(addDays(endDate, 1), '00:00', zone),
    };
  } catch {
    // A zone name the runtime no longer knows counts as UTC, as everywhere else.
    return windowIn(startDate, endDate, null);
  }
}

/** When the last zone's last day ends: from then on the result is shown to everyone. */
export const resultsAt = (endDate: string) =>
  new Date(Date.parse(`${addDays(endDate, 1)}T00:00:00Z`) + LATEST_OFFSET_H * H);

export function statusOf(
  c: { startDate: string; endDate: string },
  viewerZone: string | null,
  now: Date,
): { status: ClubChallengeStatus; window: Window; resultsAt: Date } {
  const window = windowIn(c.startDate, c.endDate, viewerZone);
  const results = resultsAt(c.endDate);
  const status: ClubChallengeStatus =
    now >= results ? 'ended' : now < window.start ? 'upcoming' : 'current';
  return { status, window, resultsAt: results };
}

/** "YYYY-MM-DD" today in the zone (UTC when none or unknown). */
export function todayIn(tz: string | null, now: Date): string {
  try {
    return localDate(now.getTime(), tz ?? 'UTC');
  } catch {
    return localDate(now.getTime(), 'UTC');
  }
}
