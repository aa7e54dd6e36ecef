import type { Messages } from '@lingui/core';
import type { AnyLanguage } from '@common/languages';
import { currentLanguage, i18n } from '@/lib/i18n';

// Two chunks per language (docs/decisions/0300-the-catalogue-in-two-chunks.md): what `/` shows
// (./catalogues/<lang>.ts, asked for at start) and every other feature's messages
// (./catalogues/<lang>-rest.ts), asked for beside the code of the first other screen
// (app/router.tsx), so `/` does not load the whole app's words. Only the language in use loads.

function first(lang: AnyLanguage): Promise<Messages> {
  switch (lang) {
    case 'de':
      return import('./catalogues/de').then((m) => m.messages);
    case 'es':
      return import('./catalogues/es').then((m) => m.messages);
    case 'en-XA':
      return import('./catalogues/en-XA').then((m) => m.messages);
    default:
      return import('./catalogues/en').then((m) => m.messages);
  }
}

function rest(lang: AnyLanguage): Promise<Messages> {
  switch (lang) {
    case 'de':
      return import('./catalogues/de-rest').then((m) => m.messages);
    case 'es':
      return import('./catalogues/es-rest').then((m) => m.messages);
    case 'en-XA':
      return import('./catalogues/en-XA-rest').then((m) => m.messages);
    default:
      return import('./catalogues/en-rest').then((m) => m.messages);
  }
}

// Component tests render any screen at once: they take the whole catalogue.
let restWanted = import.meta.env.MODE === 'test';

/** `lang`'s messages for lib/i18n.ts's activateLanguage: `/`'s, and the rest once a screen asked. */
export async function loadCatalogue(lang: AnyLanguage): Promise<Messages> {
  const [own, more] = await Promise.all([first(lang), restWanted ? rest(lang) : null]);
  return more ? { ...own, ...more } : own;
}

/**
 * Every feature's messages in the page's language, added to those loaded: a screen's lazy loader
 * waits for it beside its own code. If it cannot load (offline with no service worker), the
 * screen shows and its words stay English.
 */
export function loadRestOfCatalogue(): Promise<void> {
  restWanted = true;
  const lang = currentLanguage() as AnyLanguage;
  return rest(lang).then(
    (messages) => {
      // A switch made meanwhile loads its own rest (loadCatalogue).
      if (currentLanguage() === lang) i18n.load(lang, messages);
    },
    () => undefined,
  );
}
