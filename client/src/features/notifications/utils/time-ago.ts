import { formatDistanceToNowStrict } from 'date-fns';
import { currentLanguage } from '@/lib/i18n';

// "2 hours ago" in the page's language: English keeps date-fns's words; other languages take the
// same whole unit (seconds up to a minute, then minutes, hours, days, months, years) and say it
// with Intl.RelativeTimeFormat ("vor 2 Stunden", "hace 2 horas"), so no date-fns locale loads.
const formats = new Map<string, Intl.RelativeTimeFormat>();

const DAY = 86_400;
// Each unit's length in seconds, and how many of it before the next unit takes over.
const STEPS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['second', 1, 60],
  ['minute', 60, 60],
  ['hour', 3600, 24],
  ['day', DAY, 30],
  ['month', DAY * 30.4375, 12],
];

export function timeAgo(date: Date, now = Date.now()): string {
  const lang = currentLanguage();
  if (lang === 'en' || lang.startsWith('en-'))
    return formatDistanceToNowStrict(date, { addSuffix: true });
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
    formats.set(lang, format);
  }
  const seconds = (date.getTime() - now) / 1000;
  for (const [unit, length, limit] of STEPS) {
    const value = Math.round(seconds / length);
    if (Math.abs(value) < limit) return format.format(value, unit);
  }
  return format.format(Math.round(seconds / (DAY * 365.25)), 'year');
}
