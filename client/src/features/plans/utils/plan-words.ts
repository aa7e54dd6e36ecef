import { msg, plural, t } from '@lingui/core/macro';
import type { Scoring, Timer } from '@common/challenges';
import type { Prescription } from '@common/plans';
import type { PlanStatus } from '@common/schemas/plans';
import { currentLanguage, i18n, sayShared } from '@/lib/i18n';

// The words of a plan on screen: weekdays, dates, and a prescription in the challenge's unit, in
// the page's language (docs/i18n.md).

/** The locale dates are written in: English keeps the spec's "Mon 30 Nov" (day before month). */
const dateLocale = () => {
  const lang = currentLanguage();
  return lang.startsWith('en') ? 'en-GB' : lang;
};

/** 4 January 1970 was a Sunday: day `d` (0 = Sunday) of that week, as a UTC instant. */
const weekday = (d: number) => new Date(Date.UTC(1970, 0, 4 + d));

/** "Monday" (day 0 = Sunday). */
export const weekdayName = (d: number) =>
  weekday(d).toLocaleDateString(dateLocale(), { weekday: 'long', timeZone: 'UTC' });

/** "Mon". */
export const weekdayShort = (d: number) =>
  weekday(d).toLocaleDateString(dateLocale(), { weekday: 'short', timeZone: 'UTC' });

/** Sunday to Saturday, the days a plan can take. */
export const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

/** "Mon 30 Nov" from a local date 'YYYY-MM-DD' (read as the date itself, not a UTC instant). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString(dateLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export const daysLabel = (days: readonly number[]) => days.map(weekdayShort).join(', ');

const STATUS_LABELS: Record<PlanStatus, ReturnType<typeof msg>> = {
  active: msg`Running`,
  paused: msg`Paused`,
  finished: msg`Finished`,
  stopped: msg`Stopped`,
};

/** "Running", "Paused"... */
export const statusLabel = (status: PlanStatus) => i18n._(STATUS_LABELS[status]);

/** A challenge's unit from common/, in the page's language. */
const unitWord = (word: string) => sayShared(word) ?? word;

/** What one set asks for: "20 push-ups", "1:00 hold", "3 rounds". */
export function setLabel(p: Prescription, n: number, scoring: Scoring, atLeast = false): string {
  if (p.unit === 'seconds') {
    const time = holdText(n);
    return t`${time} hold`;
  }
  if (p.unit === 'rounds')
    return atLeast
      ? plural(n, { one: '# round or more', other: '# rounds or more' })
      : plural(n, { one: '# round', other: '# rounds' });
  const unit = unitWord(n === 1 ? scoring.unitOne : scoring.unit);
  return atLeast ? t`${n} or more ${unit}` : t`${n} ${unit}`;
}

/** "1:05" from seconds, or "45 s" under a minute. */
export function holdText(seconds: number): string {
  if (seconds < 60) return t`${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The whole session in a line: "5 sets: 20, 20, 16, 16, 20+ push-ups, 60 s rest". */
export function prescriptionLine(p: Prescription, scoring: Scoring): string {
  const list = p.sets
    .map((n, i) =>
      p.unit === 'seconds'
        ? holdText(n)
        : `${n}${p.lastAtLeast && i === p.sets.length - 1 ? '+' : ''}`,
    )
    .join(', ');
  const count = p.sets.length;
  const rest = p.restSeconds;
  if (p.unit === 'seconds') return t`${count} holds: ${list}, ${rest} s rest`;
  if (p.unit === 'rounds') return t`${count} sets: ${list} rounds each, ${rest} s rest`;
  const unit = unitWord(scoring.unit);
  return t`${count} sets: ${list} ${unit}, ${rest} s rest`;
}

/** A round of a rounds challenge in words: "5 push-ups and 10 air squats". */
export function roundWords(timer: Timer): string | null {
  if (timer.mode !== 'rounds') return null;
  const parts = timer.round.map((m) => {
    const reps = m.reps;
    const name = unitWord(m.name);
    return t`${reps} ${name}`;
  });
  const lang = currentLanguage();
  // English keeps the spec's "a and b and c"; other languages list as they do.
  return lang.startsWith('en')
    ? parts.join(' and ')
    : new Intl.ListFormat(lang, { type: 'conjunction' }).format(parts);
}
