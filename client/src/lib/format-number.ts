import { currentLanguage } from './i18n';

// Every number the app shows goes through here, in the page's language (docs/i18n.md): English
// keeps the specification's "12,540" (en-US grouping, the pseudo-locale en-XA too); German writes
// "12.540", Spanish "12.540" (a four-digit figure stays "1540" there, as the locale has it).

const cache = new Map<string, Intl.NumberFormat>();

/** The Intl locale for the page's language: English (and en-XA) as the specification writes it. */
export function numberLocale(lang = currentLanguage()): string {
  return lang === 'en' || lang.startsWith('en-') ? 'en-US' : lang;
}

function formatter(options: Intl.NumberFormatOptions, lang?: string) {
  const locale = numberLocale(lang);
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** A whole number with thousands separators: 12540 -> "12,540" (de: "12.540"). */
export const formatCount = (n: number, lang?: string) =>
  formatter({ maximumFractionDigits: 0 }, lang).format(n);

/** A number with up to `digits` decimals: 2.5 -> "2.5" (de, es: "2,5"). */
export const formatDecimal = (n: number, digits = 1, lang?: string) =>
  formatter({ maximumFractionDigits: digits }, lang).format(n);

/** A share of one as a percentage: 0.42 -> "42%" (de: "42 %"). */
export const formatPercent = (share: number, lang?: string) =>
  formatter({ style: 'percent', maximumFractionDigits: 0 }, lang).format(share);
