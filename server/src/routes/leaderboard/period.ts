import type { LeaderboardPeriod } from '@common/schemas/leaderboard';
import { wallClock } from '@common/zone-clock';

// Calendar periods in the viewer's IANA zone (docs/product.md#leaderboard-periods), as UTC instants [start, end).
// Intl knows the zone rules, so no tz library is needed.

const H = 3_600_000;

/** The zone's UTC offset at an instant, in ms (whole seconds). */
function offsetAt(instant: number, tz: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, tz).wall - whole;
}

/**
 * The first instant of the local calendar day y-m-d (month 1-12; out-of-range days roll over).
 * Midnight that happens twice (a fall-back over midnight) gives the earlier one; midnight that
 * does not exist (a spring-forward over midnight) gives the moment the clocks jump.
 */
export function startOfLocalDay(year: number, month: number, day: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // Any zone's offset is within -12h..+14h, so the instant lies in [wall - 14h, wall + 12h];
  // the offsets in force at both ends cover a transition inside that window.
  const lo = wall - 14 * H;
  const hi = wall + 12 * H;
  const offsets = new Set([offsetAt(lo, tz), offsetAt(hi, tz), offsetAt(wall, tz)]);
  const valid = [...offsets].map((o) => wall - o).filter((t) => offsetAt(t, tz) === wall - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // A gap: find the transition (first instant whose local time is on or after the wall time).
  let a = lo;
  let b = hi;
  while (b - a > 1000) {
    const mid = Math.floor((a + b) / 2000) * 1000;
    if (wallClock(mid, tz).wall >= wall) b = mid;
    else a = mid;
  }
  return new Date(b);
}

export interface PeriodRange {
  /** Inclusive; null for all time. */
  start: Date | null;
  /** Exclusive (the start of the next period); null for all time. */
  end: Date | null;
}

// The range holding `now` only changes when `now` leaves it, so it is kept per (period, zone):
// a board request then costs no Intl work at all. Bounded like the formatters.
const ranges = new Map<string, { start: Date; end: Date }>();

export function periodRange(period: LeaderboardPeriod, now: Date, tz = 'UTC'): PeriodRange {
  if (period === 'all_time') return { start: null, end: null };
  const key = `${period}|${tz}`;
  const t = now.getTime();
  const hit = ranges.get(key);
  if (hit && hit.start.getTime() <= t && t < hit.end.getTime()) return hit;
  const range = computeRange(period, now, tz);
  if (ranges.size > 2000) ranges.clear();
  ranges.set(key, range);
  return range;
}

/** The calendar period holding `instant` in `tz`, computed afresh (the cache above is for "now"). */
export function periodRangeAt(
  period: Exclude<LeaderboardPeriod, 'all_time'>,
  instant: Date,
  tz: string,
) {
  return computeRange(period, instant, tz);
}

function computeRange(period: Exclude<LeaderboardPeriod, 'all_time'>, now: Date, tz: string) {
  const { year, month, day, weekday } = wallClock(now.getTime(), tz);
  switch (period) {
    case 'today':
      return {
        start: startOfLocalDay(year, month, day, tz),
        end: startOfLocalDay(year, month, day + 1, tz),
      };
    case 'week': {
      // Weeks start on Sunday (docs/product.md#constants).
      const sunday = day - weekday;
      return {
        start: startOfLocalDay(year, month, sunday, tz),
        end: startOfLocalDay(year, month, sunday + 7, tz),
      };
    }
    case 'month':
      return {
        start: startOfLocalDay(year, month, 1, tz),
        end: startOfLocalDay(year, month + 1, 1, tz),
      };
  }
}
