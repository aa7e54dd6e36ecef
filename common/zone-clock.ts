// The local calendar and wall clock at an instant in an IANA zone: the one reader of zone rules for
// boards' periods, streaks, plans and reminders. Intl knows the rules, so no tz library is needed.

export interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  /** The local wall-clock time read as if it were UTC, in ms. */
  wall: number;
}

// Building a DateTimeFormat is slow; one per zone is kept (only names Intl accepted get here, and
// the map is still bounded).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The local calendar and wall clock at an instant in an IANA zone. */
export function wallClock(instant: number, tz: string): WallClock {
  const p: Record<string, string> = {};
  for (const part of formatter(tz).formatToParts(new Date(instant))) p[part.type] = part.value;
  const year = Number(p.year);
  const month = Number(p.month);
  const day = Number(p.day);
  const wall = Date.UTC(year, month - 1, day, Number(p.hour), Number(p.minute), Number(p.second));
  return { year, month, day, weekday: WEEKDAYS[p.weekday!] ?? 0, wall };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of the local date at an instant. */
export function localDate(instant: number, tz: string): string {
  const w = wallClock(instant, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}
