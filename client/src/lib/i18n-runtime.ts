import type { MessageDescriptor, Messages } from '@lingui/core';
import { formatIcu, type SayValues } from '@common/say';

// What the client uses of @lingui/core's `i18n`, in its place (vite.config.ts and vitest.config.ts
// alias `@lingui/core` here; the server keeps Lingui's): `_` for the macros' `{ id, values }`,
// `load`, `loadAndActivate`, `activate`, `locale`, `messages` and the `change` event. Catalogues are
// compiled at build time (scripts/vite-catalogue-chunks.ts), so a message is text and
// placeholders, plural and select: the only ICU our catalogues use (i18n-runtime.test.ts says the
// same as Lingui's for every message of every catalogue). A third of @lingui/core's bytes on `/`
// (docs/decisions/0309-a-small-message-runtime.md).

type Compiled = string | Token[];
type Token = string | [name: string, type?: string, cases?: Record<string, Compiled>];
type Values = Record<string, unknown>;

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

/** `value`'s plural case (`one`, `other`...) in `locale`, as Lingui asks (the locale, then English). */
function pluralOf(locale: string, value: number, ordinal: boolean): string {
  const key = `${locale} ${ordinal}`;
  let r = rules.get(key);
  if (!r)
    rules.set(
      key,
      (r = new Intl.PluralRules([locale, 'en'], { type: ordinal ? 'ordinal' : 'cardinal' })),
    );
  return r.select(value);
}

function numberIn(locale: string, value: number): string {
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat([locale, 'en'])));
  return f.format(value);
}

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
    if (type === 'plural' || type === 'selectordinal') {
      const offset = Number(cases.offset ?? 0);
      const n = Number(value) - offset;
      const chosen =
        cases[String(value)] ?? cases[pluralOf(locale, n, type !== 'plural')] ?? cases.other;
      out += format(chosen ?? '', values, locale, numberIn(locale, n));
    } else if (type === 'select') {
      out += format(cases[String(value)] ?? cases.other ?? '', values, locale);
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

type Listener = () => void;

class I18n {
  private current = '';
  private catalogues: Record<string, Messages> = {};
  private listeners = new Set<Listener>();

  get locale(): string {
    return this.current;
  }

  get messages(): Messages {
    return this.catalogues[this.current] ?? {};
  }

  /** A message by id (or a macro's descriptor) in the active language, its values filled in. */
  _(id: string | MessageDescriptor, values?: Values, options?: { message?: string }): string {
    let message = options?.message;
    if (typeof id !== 'string') {
      values = id.values ?? values;
      message = id.message;
      id = id.id;
    }
    const compiled = this.messages[id] as Compiled | undefined;
    if (compiled !== undefined) return format(compiled, values ?? {}, this.current);
    // Outside a build the macros keep the English: a message no catalogue has yet is said as it is.
    return message === undefined ? id : formatIcu(message, (values ?? {}) as SayValues);
  }

  t = this._.bind(this);

  /** Adds `messages` to `locale`'s. */
  load(locale: string, messages: Messages): void {
    this.catalogues[locale] = { ...this.catalogues[locale], ...messages };
    this.emit();
  }

  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    this.catalogues[locale] = messages;
    this.current = locale;
    this.emit();
  }

  activate(locale: string): void {
    this.current = locale;
    this.emit();
  }

  /** Only `change` (a language loaded or switched) is ever emitted. */
  on(_event: 'change', listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const l of [...this.listeners]) l();
  }
}

export const i18n = new I18n();
