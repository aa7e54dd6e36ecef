// No zod here: the page's first script reads this file (common/schemas/language.ts has the schema).

/**
 * The languages FitBench speaks (docs/i18n.md). English is the source: its words are the spec's.
 * `en-XA` is the pseudo-locale (accented, longer English) for finding clipped or unmarked text;
 * only dev and test builds offer it (docs/decisions/0282-pseudo-locale.md).
 */
export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const PSEUDO_LANGUAGE = 'en-XA';
export type AnyLanguage = Language | typeof PSEUDO_LANGUAGE;
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name for itself, as a chooser shows it (never translated). */
export const LANGUAGE_NAMES: Record<AnyLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  'en-XA': 'Ƥşḗḗŭŭḓǿǿ',
};

/** `de-AT` -> `de`, `en-XA` stays; anything else -> null. */
export function supportedLanguage(tag: string | null | undefined): AnyLanguage | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  const base = t.split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * The first supported language of an Accept-Language header, by its q values (ties keep their
 * order), or null. The pseudo-locale is never picked from a header: only by the setting.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranked) {
    const lang = supportedLanguage(r.tag);
    if (lang && lang !== PSEUDO_LANGUAGE) return lang;
  }
  return null;
}

/** The first supported language of a browser's list (navigator.languages), or null. */
export function languageFromList(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const lang = supportedLanguage(tag);
    if (lang && lang !== PSEUDO_LANGUAGE) return lang;
  }
  return null;
}
