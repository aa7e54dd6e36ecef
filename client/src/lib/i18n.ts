import { useSyncExternalStore } from 'react';
import type { Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  languageFromList,
  supportedLanguage,
  type AnyLanguage,
} from '@common/languages';
import { formatIcu, setSayer } from '@common/say';
import { i18n } from './i18n-runtime';

// The page's language (docs/i18n.md): the member's setting, kept in this browser so it holds
// offline and on reload; else the browser's languages; else English. Only that language's
// catalogue chunk loads (app/i18n/load-catalogue.ts, registered at start: lib/ imports no app/).

const KEY = 'fitbench-language';
type Loader = (lang: AnyLanguage) => Promise<Messages>;
let loader: Loader | null = null;

export { i18n };

export function setCatalogueLoader(load: Loader) {
  loader = load;
}

/** The language this browser was last told to use (the member's setting), or null. */
export function storedLanguage(): AnyLanguage | null {
  try {
    return supportedLanguage(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Remembers the member's setting in this browser; null forgets it (follow the browser). */
export function rememberLanguage(lang: AnyLanguage | null) {
  try {
    if (lang) localStorage.setItem(KEY, lang);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the setting still comes with the member's account.
  }
}

/** The browser's own preference among ours (a visitor's language), else English. */
export function browserLanguage(): AnyLanguage {
  const list =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return languageFromList(list) ?? DEFAULT_LANGUAGE;
}

let chosen: AnyLanguage | null = null;

/** What the page speaks, or is loading the catalogue of ('en' before any). */
export function currentLanguage(): string {
  return chosen ?? (i18n.locale || DEFAULT_LANGUAGE);
}

/**
 * Loads `lang`'s catalogue and switches the page to it: every marked string, `<html lang>`, and
 * the Accept-Language the API is asked in (lib/api-client.ts). English if the chunk cannot load.
 */
export async function activateLanguage(lang: AnyLanguage): Promise<void> {
  if (!loader) throw new Error('i18n: no catalogue loader (app/i18n/load-catalogue.ts)');
  chosen = lang;
  let locale = lang;
  let messages: Messages;
  try {
    messages = await loader(lang);
  } catch (error) {
    if (lang === DEFAULT_LANGUAGE) throw error;
    locale = DEFAULT_LANGUAGE;
    messages = await loader(DEFAULT_LANGUAGE);
  }
  chosen = locale;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The page's language, for a tree that must draw again when it changes: strings are marked with
 * `t` from @lingui/core/macro (no provider; the runtime is ./i18n-runtime.ts), so the app's
 * tree is keyed on this (app/app.tsx) and redrawn whole on the rare switch.
 */
export function useLocale(): string {
  return useSyncExternalStore(
    (onChange) => i18n.on('change', onChange),
    () => i18n.locale,
    () => i18n.locale,
  );
}

/** Whether the page's catalogue has `message` (common/locales/ drops English's empty msgstr). */
const known = (message: string) => Boolean(i18n.locale) && i18n.messages[message] !== undefined;

// common/'s words (common/say.ts) in the page's language: a message the catalogue lacks (every
// English one) is formatted by common/ itself, so English stays exactly the code's words.
setSayer((message, values) =>
  known(message) ? i18n._(message, values) : formatIcu(message, values),
);

/**
 * A message shared with the server (a zod message from common/schemas/, an API error, a challenge's
 * title or unit), whose catalogue id is its English text (common/locales/): in the page's language;
 * unknown ones as they are. Server answers come already translated (the request's
 * Accept-Language) and pass unchanged.
 */
export function sayShared(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return known(message) ? i18n._(message) : message;
}

/**
 * A link to share, in the sharer's language: its preview (title, description, card) is drawn in
 * the page's language when that is not English (`?lang=`, server/src/routes/previews; docs/i18n.md).
 * English links stay as they were.
 */
export function sharedInMyLanguage(url: string): string {
  const lang = currentLanguage();
  if (lang === DEFAULT_LANGUAGE) return url;
  const u = new URL(
    url,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  );
  u.searchParams.set('lang', lang);
  return u.toString();
}
