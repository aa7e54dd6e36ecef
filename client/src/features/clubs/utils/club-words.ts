import { plural } from '@lingui/core/macro';
import { format } from 'date-fns';
import { currentLanguage } from '@/lib/i18n';

const isEnglish = () => {
  const lang = currentLanguage();
  return lang === 'en' || lang.startsWith('en-');
};

/** "1,234 members", with the page's language's digits and plural. */
export const membersText = (n: number) => plural(n, { one: '# member', other: '# members' });

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A club challenge's day ('2026-11-29'): "29 Nov" (with the year, "29 Nov 2026"). English keeps
 * date-fns's words; other languages ask Intl ("29. Nov. 2026", "29 nov 2026").
 */
export function clubDay(d: string, withYear = false): string {
  const date = new Date(`${d}T12:00:00`);
  if (isEnglish()) return format(date, withYear ? 'd MMM yyyy' : 'd MMM');
  const key = `${currentLanguage()}:${withYear}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(currentLanguage(), {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    formats.set(key, f);
  }
  return f.format(date);
}

/** Names joined as a sentence does: "ann and bob" (English as before: "a and b and c"). */
export function namesText(names: readonly string[]): string {
  if (isEnglish()) return names.join(' and ');
  return new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(names);
}
