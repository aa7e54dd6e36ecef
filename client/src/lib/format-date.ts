import { formatMedium as englishMedium } from './medium-date';
import { currentLanguage } from './i18n';

// Dates and times in the page's language (docs/i18n.md). English keeps the specification's
// formats exactly (lib/dates.ts's DATE_FORMATS: "11/03/2026", "Nov 3, 2026", "Tuesday, November
// 3rd, 2026", "2:05 PM"), written here by hand so no date library loads for them; German and
// Spanish take Intl's ("03.11.2026", "3. Nov. 2026", "14:05"). Weeks start on Sunday in every
// language (a product rule): nothing here reads the locale's week start.

type DateLike = Date | string | number;
const toDate = (d: DateLike) => {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
};
const english = (lang: string) => lang === 'en' || lang.startsWith('en-');
const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st (date-fns's `do`). */
function ordinal(n: number) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function intl(lang: string, options: Intl.DateTimeFormatOptions, date: Date) {
  const key = `${lang} ${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, options);
    cache.set(key, f);
  }
  return f.format(date);
}

/** "11/03/2026" (de "03.11.2026", es "03/11/2026"). */
export function formatDateShort(d: DateLike, lang = currentLanguage()): string {
  const date = toDate(d);
  if (english(lang))
    return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  return intl(lang, { day: '2-digit', month: '2-digit', year: 'numeric' }, date);
}

/** "Nov 3, 2026" (de "3. Nov. 2026", es "3 nov 2026"). */
export function formatDateMedium(d: DateLike, lang = currentLanguage()): string {
  const date = toDate(d);
  if (english(lang)) return englishMedium(date);
  return intl(lang, { day: 'numeric', month: 'short', year: 'numeric' }, date);
}

/** "Tuesday, November 3rd, 2026" (de "Dienstag, 3. November 2026"). */
export function formatDateFull(d: DateLike, lang = currentLanguage()): string {
  const date = toDate(d);
  if (english(lang))
    return `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
  return intl(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, date);
}

/** "2:05 PM" (de, es "14:05"). */
export function formatClockTime(d: DateLike, lang = currentLanguage()): string {
  const date = toDate(d);
  if (english(lang)) {
    const h = date.getHours();
    return `${h % 12 || 12}:${pad(date.getMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  }
  return intl(lang, { hour: 'numeric', minute: '2-digit' }, date);
}

/** "Nov 3" (de "3. Nov.", es "3 nov"): a chart's axis. */
export function formatMonthDay(d: DateLike, lang = currentLanguage()): string {
  const date = toDate(d);
  if (english(lang)) return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}`;
  return intl(lang, { day: 'numeric', month: 'short' }, date);
}

/** "Nov 3, 2026, 2:05 PM" (de "3. Nov. 2026, 14:05"). */
export const formatDateTime = (d: DateLike, lang = currentLanguage()) =>
  `${formatDateMedium(d, lang)}, ${formatClockTime(d, lang)}`;
