import type { Messages } from '@lingui/core';
import type { AnyLanguage } from '@common/languages';
import { currentLanguage, i18n } from '@/lib/i18n';

// Two chunks per language, only the language in use loading: the messages the code of `/` uses
// (`virtual:catalogue/<lang>`, asked for at start) and every other one (`<lang>-rest`, asked for
// beside the code of the first other screen, app/router.tsx). The build picks which message goes
// where from the code itself (scripts/vite-catalogue-chunks.ts,
// docs/decisions/0308-the-words-of-root-picked-by-the-build.md). en-XA's messages come a third
// longer (./pseudo-length.ts).

function first(lang: AnyLanguage): Promise<Messages> {
  switch (lang) {
    case 'de':
      return import('virtual:catalogue/de').then((m) => m.messages);
    case 'es':
      return import('virtual:catalogue/es').then((m) => m.messages);
    case 'en-XA':
      return import('virtual:catalogue/en-XA').then((m) => m.messages);
    default:
      return import('virtual:catalogue/en').then((m) => m.messages);
  }
}

function rest(lang: AnyLanguage): Promise<Messages> {
  switch (lang) {
    case 'de':
      return import('virtual:catalogue/de-rest').then((m) => m.messages);
    case 'es':
      return import('virtual:catalogue/es-rest').then((m) => m.messages);
    case 'en-XA':
      return import('virtual:catalogue/en-XA-rest').then((m) => m.messages);
    default:
      return import('virtual:catalogue/en-rest').then((m) => m.messages);
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
 * Every other message in the page's language, added to those loaded: a screen's lazy loader
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
