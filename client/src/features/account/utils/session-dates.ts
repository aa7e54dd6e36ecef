import { formatShort, formatTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';

// A device's dates in the page's language; English keeps the spec's formats (lib/dates.ts).
type DateLike = Date | string | number;

/** "Nov 3" (English), "3. Nov." (German), "3 nov" (Spanish). */
export function sessionDay(d: DateLike): string {
  const lang = currentLanguage();
  if (lang === 'en') return formatShort(d);
  return new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric' }).format(new Date(d));
}

/** "3:45 PM" (English), "15:45" (German, Spanish). */
export function sessionTime(d: DateLike): string {
  const lang = currentLanguage();
  if (lang === 'en') return formatTime(d);
  return new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(new Date(d));
}
