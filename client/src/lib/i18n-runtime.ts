import type { MessageDescriptor, Messages } from '@lingui/core';
import { formatIcu, type SayValues } from '@common/say';

// What the client uses of @lingui/core's `i18n`, in its place (the macros import it here:
// lingui.config.ts's runtimeConfigModule; the server keeps Lingui's): `_` for the macros'
// `{ id, values }`, `load`, `loadAndActivate`, `locale`, `messages` and the `change` event. Catalogues are
// compiled at build time (scripts/vite-catalogue-chunks.ts), so a message is text and
// placeholders, plural and select: the only ICU our catalogues use (i18n-runtime.test.ts says the
// same as Lingui's for every message of every catalogue). A third of @lingui/core's bytes on `/`
// (docs/decisions/0309-a-small-message-runtime.md).

type Compiled = string | Token[];
type Token = string | [name: string, type?: string, cases?: Record<string, Compiled>];
type Values = Record<string, unknown>;

// Per language: its plural rules and number format, made once (the locale, then English, as
// Lingui asks).
const intl = new Map<string, [Intl.PluralRules, Intl.NumberFormat]>();
const intlOf = (locale: string) => {
  let made = intl.get(locale);
  if (!made)
    intl.set(
      locale,
      (made = [new Intl.PluralRules([locale, 'en']), new Intl.NumberFormat([locale, 'en'])]),
    );
  return made;
};

/** A compiled message said with `values`; `#` in a plural's case is its count. */
function format(message: Compiled, values: Values, locale: string, pound?: string): string {
  if (!Array.isArray(message)) return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && pound !== undefined ? pound : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = values[name];
    // Cardinal plurals and selects only: what our catalogues use (Lingui's ordinals, offsets,
    // numbers and dates would differ, and the test says so).
    if (type === 'plural') {
      const [rules, numbers] = intlOf(locale);
      const n = Number(value);
      const chosen = cases[String(value)] ?? cases[rules.select(n)] ?? cases.other;
      out += format(chosen ?? '', values, locale, numbers.format(n));
    } else if (type === 'select') {
      out += format(cases[String(value)] ?? cases.other ?? '', values, locale);
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

type Listener = () => void;

let current = '';
const catalogues: Record<string, Messages> = {};
const listeners = new Set<Listener>();
const changed = () => listeners.forEach((l) => l());

/** A plain object, not a class: its methods minify to fewer bytes (the first script carries it). */
export const i18n = {
  get locale(): string {
    return current;
  },

  get messages(): Messages {
    return catalogues[current] ?? {};
  },

  /** A message by id (or a macro's descriptor) in the active language, its values filled in. */
  _(id: string | MessageDescriptor, values?: Values): string {
    let message: string | undefined;
    if (typeof id !== 'string') {
      values = id.values ?? values;
      message = id.message;
      id = id.id;
    }
    const compiled = catalogues[current]?.[id] as Compiled | undefined;
    if (compiled !== undefined) return format(compiled, values ?? {}, current);
    // Outside a build the macros keep the English: a message no catalogue has yet is said as it is.
    return message === undefined ? id : formatIcu(message, (values ?? {}) as SayValues);
  },

  /** Adds `messages` to `locale`'s. */
  load(locale: string, messages: Messages): void {
    catalogues[locale] = { ...catalogues[locale], ...messages };
    changed();
  },

  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    catalogues[locale] = messages;
    current = locale;
    changed();
  },

  /** Only `change` (a language loaded or switched) is ever emitted. */
  on(_event: 'change', listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
