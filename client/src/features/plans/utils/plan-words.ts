import type { Scoring, Timer } from '@common/challenges';
import type { Prescription } from '@common/plans';
import type { PlanStatus } from '@common/schemas/plans';

// The words of a plan on screen: weekdays, dates, and a prescription in the challenge's unit.

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Mon 30 Nov" from a local date 'YYYY-MM-DD' (read as the date itself, not a UTC instant). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export const daysLabel = (days: readonly number[]) => days.map((d) => WEEKDAYS_SHORT[d]).join(', ');

export const STATUS_LABELS: Record<PlanStatus, string> = {
  active: 'Running',
  paused: 'Paused',
  finished: 'Finished',
  stopped: 'Stopped',
};

/** What one set asks for: "20 push-ups", "1:00 hold", "3 rounds". */
export function setLabel(p: Prescription, n: number, scoring: Scoring, atLeast = false): string {
  const more = atLeast ? ' or more' : '';
  if (p.unit === 'seconds') return `${holdText(n)} hold`;
  if (p.unit === 'rounds') return `${n} ${n === 1 ? 'round' : 'rounds'}${more}`;
  return `${n}${more} ${n === 1 ? scoring.unitOne : scoring.unit}`;
}

/** "1:05" from seconds, or "45 s" under a minute. */
export function holdText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The whole session in a line: "5 sets: 20, 20, 16, 16, 20+ push-ups, 60 s rest". */
export function prescriptionLine(p: Prescription, scoring: Scoring): string {
  const sets = p.sets.map((n, i) =>
    p.unit === 'seconds'
      ? holdText(n)
      : `${n}${p.lastAtLeast && i === p.sets.length - 1 ? '+' : ''}`,
  );
  const what = p.unit === 'seconds' ? 'holds' : p.unit === 'rounds' ? 'rounds each' : scoring.unit;
  const count = p.unit === 'seconds' ? `${p.sets.length} holds` : `${p.sets.length} sets`;
  return `${count}: ${sets.join(', ')} ${p.unit === 'seconds' ? '' : what}, ${p.restSeconds} s rest`.replace(
    '  ',
    ' ',
  );
}

/** A round of a rounds challenge in words: "5 push-ups and 10 air squats". */
export function roundWords(timer: Timer): string | null {
  if (timer.mode !== 'rounds') return null;
  return timer.round.map((m) => `${m.reps} ${m.name}`).join(' and ');
}
