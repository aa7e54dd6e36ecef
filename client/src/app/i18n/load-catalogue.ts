import type { Messages } from '@lingui/core';
import type { AnyLanguage } from '@common/languages';

/**
 * One chunk per language, each joining every feature's catalogue (./catalogues/<lang>.ts): only
 * the language in use loads (docs/i18n.md, docs/decisions/0280-lingui.md).
 */
export function loadCatalogue(lang: AnyLanguage): Promise<Messages> {
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
