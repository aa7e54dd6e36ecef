// The words common/ builds for display (challenge words, units, tier words, badge names, norm bands)
// in the reader's language (docs/i18n.md). A message is its English ICU text, the msgid of
// common/locales/<lang>.po. Each side registers who says it: the client its Lingui catalogue
// (client/src/lib/i18n.ts), the server the current request's or recipient's language
// (server/src/lib/i18n.ts). Until one is registered, and for English, the message is formatted
// here, so English output is the same everywhere and common/ ships no message compiler.

export type SayValues = Record<string, string | number>;
/** Says an English ICU message in the reader's language. */
export type Sayer = (message: string, values?: SayValues) => string;

let sayer: Sayer | null = null;

/** Registers the translator `say` uses; null puts back the English one. */
export function setSayer(next: Sayer | null): void {
  sayer = next;
}

/** `message` (English ICU, e.g. "{title} timer") in the reader's language, with `values` filled in. */
export function say(message: string, values?: SayValues): string {
  return sayer ? sayer(message, values) : formatIcu(message, values);
}

/**
 * A record of English words whose values are said when read, so that a screen reading
 * `PERIOD_LABELS.week` gets the current language without changing how it reads it.
 */
export function sayingRecord<T extends Record<string, string>>(words: T): T {
  const out = {} as T;
  for (const key of Object.keys(words) as (keyof T)[])
    Object.defineProperty(out, key, { enumerable: true, get: () => say(words[key] as string) });
  return out;
}

/** The same object, with the named string fields said when read. */
export function sayingFields<T extends object>(value: T, fields: readonly (keyof T)[]): T {
  const out = { ...value };
  for (const field of fields) {
    const english = value[field] as unknown as string;
    Object.defineProperty(out, field, { enumerable: true, get: () => say(english) });
  }
  return out;
}

const rulesCache = new Map<string, Intl.PluralRules>();
const pluralRule = (n: number, type: Intl.PluralRuleType) => {
  let rules = rulesCache.get(type);
  if (!rules) rulesCache.set(type, (rules = new Intl.PluralRules('en', { type })));
  return rules.select(n);
};

/** The index of the `}` that closes the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" && (text[i + 1] === '{' || text[i + 1] === '}')) {
      const end = text.indexOf("'", i + 1);
      if (end > 0) i = end;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}' && --depth === 0) return i;
  }
  throw new Error(`say: unclosed { in "${text}"`);
}

/** `one {...} other {...}` as a map. */
function options(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const key = text.slice(i, open).trim();
    const end = closing(text, open);
    out.set(key, text.slice(open + 1, end));
    i = end + 1;
  }
  return out;
}

function argument(body: string, values: SayValues): string {
  const parts = body.split(',');
  const name = parts[0]!.trim();
  const value = values[name];
  if (parts.length === 1) return value === undefined ? `{${name}}` : String(value);
  const type = parts[1]!.trim();
  if (type !== 'plural' && type !== 'select' && type !== 'selectordinal')
    return value === undefined ? '' : String(value);
  const cases = options(parts.slice(2).join(','));
  if (type === 'select')
    return formatIcu(cases.get(String(value)) ?? cases.get('other') ?? '', values);
  const n = Number(value);
  const rule = pluralRule(n, type === 'plural' ? 'cardinal' : 'ordinal');
  const chosen = cases.get(`=${n}`) ?? cases.get(rule) ?? cases.get('other') ?? '';
  return formatIcu(chosen, values, String(n));
}

/**
 * The English ICU MessageFormat the messages here use: `{name}`, `{n, plural, =0 {…} one {…}
 * other {…}}` (`#` the number), `{x, select, a {…} other {…}}`, and `'{'` quoting.
 */
export function formatIcu(message: string, values: SayValues = {}, pound?: string): string {
  if (!/[{}'#]/.test(message)) return message;
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    if (c === "'") {
      const next = message[i + 1];
      if (next === "'") {
        out += "'";
        i++;
      } else if (next === '{' || next === '}' || (next === '#' && pound !== undefined)) {
        const end = message.indexOf("'", i + 1);
        out += message.slice(i + 1, end < 0 ? undefined : end);
        i = end < 0 ? message.length : end;
      } else out += c;
    } else if (c === '#' && pound !== undefined) out += pound;
    else if (c === '{') {
      const end = closing(message, i);
      out += argument(message.slice(i + 1, end), values);
      i = end;
    } else out += c;
  }
  return out;
}
