import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  languageFromAcceptLanguage,
  supportedLanguage,
  type AnyLanguage,
} from '@common/languages';
import { poMessages } from '@common/po';
import { formatIcu, setSayer, type SayValues } from '@common/say';

/**
 * Server messages in the member's language (docs/i18n.md): the catalogues are .po files whose
 * msgid is the English message (common/locales/ for the validation messages the client shares,
 * server/src/locales/ for the server's own), read once at start. The build copies them beside the
 * bundle (scripts/build.mjs), as it does the migrations.
 */
function catalogueDirs(): URL[] {
  const bundled = new URL('./locales/', import.meta.url);
  if (fs.existsSync(new URL('./common/', bundled)))
    return [new URL('./common/', bundled), new URL('./server/', bundled)];
  return [
    new URL('../../../common/locales/', import.meta.url),
    new URL('../locales/', import.meta.url),
  ];
}

function readCatalogue(lang: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const dir of catalogueDirs()) {
    const file = new URL(`./${lang}.po`, dir);
    if (fs.existsSync(file)) Object.assign(messages, poMessages(fs.readFileSync(file, 'utf8')));
  }
  return messages;
}

/** `Élŀǿ` for `Hello`: the pseudo-locale's accents, longer by a third (as the client's). */
function pseudo(text: string): string {
  const map: Record<string, string> = {
    a: 'ȧ',
    e: 'ḗ',
    i: 'ī',
    o: 'ǿ',
    u: 'ŭ',
    A: 'Ȧ',
    E: 'Ḗ',
    O: 'Ǿ',
  };
  // Placeholders ({name}, {count, plural, ...}) keep their letters.
  let depth = 0;
  let out = '';
  for (const c of text) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    out += depth === 0 ? (map[c] ?? c) : c;
  }
  return out + ' ' + '·'.repeat(Math.ceil(text.length / 3));
}

let instances: Map<AnyLanguage, I18n> | null = null;

function i18nFor(lang: AnyLanguage): I18n {
  if (!instances) {
    instances = new Map();
    const english = readCatalogue('en');
    for (const l of [...LANGUAGES, PSEUDO_LANGUAGE] as const) {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      const own =
        l === PSEUDO_LANGUAGE
          ? Object.fromEntries(Object.entries(english).map(([k, v]) => [k, pseudo(v)]))
          : readCatalogue(l);
      // A message missing in a language shows in English (the completeness test fails first).
      i18n.loadAndActivate({ locale: l, messages: { ...english, ...own } });
      instances.set(l, i18n);
    }
  }
  return instances.get(lang)!;
}

/** The member's setting, else the request's Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): AnyLanguage {
  return (
    request.user?.language ??
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * `message` (English, as the code and the spec say it) in `lang`; a message no catalogue holds
 * stays as it is, so English output never changes. ICU placeholders take `values`.
 */
export function translate(
  lang: AnyLanguage,
  message: string,
  values?: Record<string, unknown>,
): string {
  if (lang === DEFAULT_LANGUAGE && !values) return message;
  return i18nFor(lang)._(message, values);
}

/**
 * `message` (English ICU) with `values` in `lang`: English formatted as common/ formats it, so it
 * reads as the code always wrote it; a message no catalogue holds stays English.
 */
export function sayIn(
  lang: AnyLanguage,
  message: string,
  values?: Record<string, unknown>,
): string {
  return lang === DEFAULT_LANGUAGE
    ? formatIcu(message, values as SayValues | undefined)
    : translate(lang, message, values);
}

/**
 * Whose language common/'s words (common/say.ts) are said in: the request being answered (its
 * member's setting or Accept-Language, read when a word is said, so after the session is known),
 * or the recipient of a mail or a push (`inLanguage`). Outside both (start-up, a job): English.
 */
const scope = new AsyncLocalStorage<{ request?: FastifyRequest; lang?: AnyLanguage }>();

/** The language of the request or recipient being served now. */
export function currentLanguage(): AnyLanguage {
  const store = scope.getStore();
  if (store?.lang) return store.lang;
  return store?.request ? requestLanguage(store.request) : DEFAULT_LANGUAGE;
}

/**
 * Runs `fn` speaking `lang` (a recipient's users.language); when they chose none, the language
 * of the request being answered (English in a job).
 */
export function inLanguage<T>(lang: string | null | undefined, fn: () => T): T {
  return scope.run({ lang: supportedLanguage(lang ?? null) ?? currentLanguage() }, fn);
}

/**
 * A request that names its language (a shared link's `?lang=`, whose sharer's language it is):
 * the rest of the request speaks it. An unknown or missing tag changes nothing.
 */
export function speakRequested(tag: unknown): void {
  const lang = typeof tag === 'string' ? supportedLanguage(tag) : null;
  const store = scope.getStore();
  if (lang && store) store.lang = lang;
}

/** A count as the current language writes it: "1,234" in English, "1.234" in German. */
export function countNow(n: number): string {
  const lang = currentLanguage();
  return n.toLocaleString(lang === 'de' || lang === 'es' ? lang : 'en-US');
}

/** `message` in the current language (`currentLanguage`). */
export const sayNow = (message: string, values?: Record<string, unknown>) =>
  translate(currentLanguage(), message, values);

/** Every request speaks its own language from its first hook on (as @fastify/request-context does). */
export function requestLanguageScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => scope.run({ request }, done));
}

// English as common/ formats it: the same words the client shows.
setSayer((message, values) => sayIn(currentLanguage(), message, values));
