import { currentLanguage } from '@/lib/i18n';
import { formatMediumWithTime } from '@/lib/medium-date';

// When a set or a comment was made, in the page's language: English keeps the app's
// "Nov 3, 2026, 3:45 PM" (lib/medium-date.ts); other languages ask Intl ("3. Nov. 2026, 15:45").
const formats = new Map<string, Intl.DateTimeFormat>();

export function feedDateTime(d: Date | string | number): string {
  const lang = currentLanguage();
  if (lang === 'en' || lang.startsWith('en-')) return formatMediumWithTime(d);
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(lang, format);
  }
  return format.format(d instanceof Date ? d : new Date(d));
}
