import { currentLanguage } from '@/lib/i18n';

// Dates in the page's language: English keeps the spec's formats (lib/dates.ts, passed in as
// `english`), German and Spanish take Intl's for their language (docs/i18n.md).
type DateLike = Date | string | number;

export const MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full' };
export const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short' };
export const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
export const MEDIUM_WITH_TIME: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
};
export const MONTH_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** `d` as `english` says it in English, else in the page's language with `options`. */
export function inLanguage(
  d: DateLike,
  english: (d: DateLike) => string,
  options: Intl.DateTimeFormatOptions,
): string {
  const lang = currentLanguage();
  if (lang === 'en' || lang.startsWith('en-')) return english(d);
  return new Intl.DateTimeFormat(lang, options).format(d instanceof Date ? d : new Date(d));
}

/** A whole number in the page's language ("12,540", "12.540"). */
export const sayCount = (n: number) =>
  new Intl.NumberFormat(currentLanguage().startsWith('en') ? 'en-US' : currentLanguage(), {
    maximumFractionDigits: 0,
  }).format(n);
