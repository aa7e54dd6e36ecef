import { formatDistanceStrict } from 'date-fns';
import { currentLanguage } from '@/lib/i18n';

// How long a set has waited, in the page's language; English keeps date-fns's distance. Dates go
// through lib/format-date.ts.

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
