import { t } from '@lingui/core/macro';
import { CUSTOM_TIME_MAX_DAYS } from '@common/constants';
import { formatClockTime, formatDateMedium } from '@/lib/format-date';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The times the Log workout "Custom" picker offers, to the minute (a datetime-local input has no
 * seconds): from the later of "7 days ago" and when the member joined, rounded up so the first
 * minute offered is inside the range, to now, rounded down. The save schema's rule
 * (workoutTimeError in common/schemas/workouts.ts) still checks the time picked at save time.
 */
export function customTimeRange(now: Date, joinedAt?: Date | null) {
  const weekBack = now.getTime() - CUSTOM_TIME_MAX_DAYS * DAY_MS;
  const joined = joinedAt && !Number.isNaN(joinedAt.getTime()) ? joinedAt.getTime() : null;
  const fromJoin = joined !== null && joined > weekBack;
  const from = fromJoin ? joined : weekBack;
  const min = Math.ceil(from / MINUTE_MS) * MINUTE_MS;
  // A member who joined this minute: the next minute, within the future the save rule allows
  // (FUTURE_SLACK_MS), rather than a minute before they joined.
  const max = Math.max(min, Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  return { min: new Date(min), max: new Date(max), fromJoin };
}

/** "From Nov 3, 2026, 3:45 PM (when you joined) to now.": how far back a custom time may go. */
export function customTimeHint(range: { min: Date; fromJoin: boolean }): string {
  const date = formatDateMedium(range.min);
  const time = formatClockTime(range.min);
  const days = CUSTOM_TIME_MAX_DAYS;
  return range.fromJoin
    ? t`From ${date}, ${time} (when you joined) to now.`
    : t`From ${date}, ${time} (${days} days ago) to now.`;
}
