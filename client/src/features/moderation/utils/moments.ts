import { formatDistanceStrict } from 'date-fns';
import { currentLanguage } from '@/lib/i18n';
import { formatMedium, formatMediumWithTime } from '@/lib/medium-date';

// The moderators' dates and waits in the page's language; English keeps the spec's formats
// (lib/medium-date.ts, date-fns's distance).
type DateLike = Date | string | number;

/** "Nov 3, 2026" (English), "03.11.2026" (German), "3 nov 2026" (Spanish). */
export function day(d: DateLike): string {
  const lang = currentLanguage();
  if (lang === 'en') return formatMedium(d);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(d));
}

/** "Nov 3, 2026, 3:45 PM" (English), "03.11.2026, 15:45" (German). */
export function moment(d: DateLike): string {
  const lang = currentLanguage();
  if (lang === 'en') return formatMediumWithTime(d);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(d),
  );
}

// date-fns's strict distance: the largest unit that is at least one, rounded down.
const STEPS: [Intl.NumberFormatOptions['unit'], number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours": how long a set has waited, from the server's count of seconds. */
export function waitedText(seconds: number): string {
  const lang = currentLanguage();
  if (lang === 'en') return formatDistanceStrict(0, seconds * 1000, { roundingMethod: 'floor' });
  const [unit, size] = STEPS.find(([, s]) => seconds >= s) ?? STEPS[STEPS.length - 1]!;
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.floor(seconds / size),
  );
}
