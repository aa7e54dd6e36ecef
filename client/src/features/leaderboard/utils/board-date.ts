import { currentLanguage } from '@/lib/i18n';
import { formatMedium } from '@/lib/medium-date';

// A row's date in the page's language: English keeps the spec's "Nov 3, 2026" (lib/medium-date.ts,
// no date library on the board's first paint); other languages ask Intl ("3. Nov. 2026").
const formats = new Map<string, Intl.DateTimeFormat>();

export function boardDate(d: Date | string | number): string {
  const lang = currentLanguage();
  if (lang === 'en' || lang.startsWith('en-')) return formatMedium(d);
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric' });
    formats.set(lang, format);
  }
  return format.format(d instanceof Date ? d : new Date(d));
}
