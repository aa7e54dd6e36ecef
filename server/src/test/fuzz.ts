import fc from 'fast-check';

// Arbitraries for the API fuzz suite (server/src/hostile/fuzz.test.ts): requests built from an
// operation of the OpenAPI document the app serves, then spoiled with hostile values.
// docs/decisions/0037-api-fuzzing.md

/** The part of JSON Schema (as the app's OpenAPI 3.1 document writes it) the fuzzer understands. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** Checked by the server; the fuzzer may send repeats (a 400). */
  uniqueItems?: boolean;
  pattern?: string;
  format?: string;
  default?: unknown;
  description?: string;
  /** A rule between fields (a report's `other` needs a text): validFrom ignores it, the value is
   * then refused now and then, which the fuzz wants too. */
  if?: JsonSchema;
  then?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/workouts/{id}. */
  path: string;
  parameters: {
    in: 'path' | 'query' | 'header' | 'cookie';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }[];
  body?: JsonSchema;
  statuses: number[];
}

const KNOWN_KEYWORDS = new Set(
  Object.keys({
    type: 1,
    properties: 1,
    required: 1,
    additionalProperties: 1,
    items: 1,
    enum: 1,
    const: 1,
    anyOf: 1,
    oneOf: 1,
    not: 1,
    minLength: 1,
    maxLength: 1,
    minimum: 1,
    maximum: 1,
    minItems: 1,
    maxItems: 1,
    uniqueItems: 1,
    pattern: 1,
    format: 1,
    default: 1,
    description: 1,
    if: 1,
    then: 1,
  } satisfies Record<keyof JsonSchema, 1>),
);
const KNOWN_FORMATS = new Set(['uuid', 'date-time', 'email']);

/** Throws when the schema uses something validFrom cannot build: a new route must not escape the fuzzer. */
export function assertSupported(schema: JsonSchema, where: string): void {
  for (const key of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(key))
      throw new Error(`${where}: the fuzzer does not know the schema keyword "${key}"`);
  }
  if (schema.format && !KNOWN_FORMATS.has(schema.format))
    throw new Error(`${where}: unknown format "${schema.format}"`);
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    assertSupported(sub, `${where}.${name}`);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) assertSupported(sub, where);
  if (schema.items) assertSupported(schema.items, `${where}[]`);
}

const DAY = 86_400_000;

/** Values the schema allows (most of the time: patterns and formats are approximated). */
export function validFrom(schema: JsonSchema, now: () => number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validFrom(s, now)));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => validFrom({ ...schema, type }, now)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'array':
      return fc.array(schema.items ? validFrom(schema.items, now) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
    case undefined: {
      if (!schema.properties) return schema.type === 'object' ? fc.constant({}) : fc.string();
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      // `not: {}` marks a key that must be absent (fields that may not be changed).
      for (const [name, sub] of Object.entries(schema.properties))
        if (!sub.not) model[name] = validFrom(sub, now);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    case 'string':
      return validString(schema, now);
    default:
      throw new Error(`the fuzzer cannot build type ${String(schema.type)}`);
  }
}

function validString(schema: JsonSchema, now: () => number): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 300);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    // Mostly inside the window a workout may be dated in, sometimes outside it.
    return fc
      .integer({ min: -9 * DAY, max: DAY })
      .map((offset) => new Date(now() + offset).toISOString());
  }
  if (schema.format === 'email') {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    return fc.tuple(word, word).map(([local, domain]) => `${local}@${domain}.example`);
  }
  const plain = fc.string({
    minLength: min,
    maxLength: max,
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -_.@!'.split('')),
  });
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const matching = fc
      .stringMatching(re, { size: 'small' })
      .map((s) => (s.length > max ? s.slice(0, max) : s.padEnd(min, 'x')))
      .filter((s) => re.test(s));
    // A text field's pattern (no controls) matches plain words too: mostly those, so the visible
    // text rules the pattern does not list (direction controls, invisible characters) are met.
    const takesWords = ['abc', 'abc def', 'abcdef12'].every((s) => re.test(s));
    return takesWords
      ? fc.oneof(
          { weight: 3, arbitrary: plain.filter((s) => re.test(s)) },
          { weight: 1, arbitrary: matching },
        )
      : matching;
  }
  return plain;
}

// ---- Hostile values --------------------------------------------------------------------------

/** Text that has broken or fooled apps: NUL, controls, lone surrogates, bidi, emoji, combining marks. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'ab\u0000cd',
    '\u0001\u0002\u0003',
    '\u001b[31mred\u001b[0m',
    'line\nbreak',
    'cr\rlf\r\n',
    'tab\there',
    '\u007f\u0085\u009f',
    '\ud800',
    'x\udc00y',
    '\udbff\udbff',
    '\u202eevil\u202c',
    '\u200f\u200e\u2066\u2069',
    '\ufeffbom',
    '\u200b\u200d',
    '💪🏽🏋️‍♀️👨‍👩‍👧‍👦',
    'e\u0301\u0301\u0301\u0301\u0301\u0301',
    'Z̷̧̛̛̤̬͈̗͔̖̹̀̈́̂̀̏a̴̛͇̼̎͘l̷̙̓g̵̢̪̿o',
    '\uffff\ufffe\ufffd',
    "'; drop table users; --",
    '${7*7}{{7*7}}<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00%zz%',
    '   ',
    '',
    'a'.repeat(1_000),
    'é'.repeat(5_000),
    '9'.repeat(400),
    '1e309',
    '-0',
    'NaN',
    'true',
    'null',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    maxLength: 10,
  }),
);

/** A value nested `depth` levels deep (as an object, a JSON text is built by deepJsonText). */
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** An object with an own, enumerable `__proto__` key (as JSON.parse makes), plus the other polluters. */
export function pollutingObject(payload: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  Object.defineProperty(o, '__proto__', {
    value: payload,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  Object.assign(o, {
    constructor: { prototype: { polluted: true } },
    prototype: { polluted: true },
  });
  return o;
}

/** Any JSON value of the wrong type or size for whatever field receives it. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    true,
    false,
    null,
    [],
    {},
    [null],
    { $gt: '' },
    { length: 1e9 },
  ),
  fc.integer({ min: 25, max: 200 }).map(nested),
  fc.constant(null).map(() => pollutingObject({ polluted: true, isAdmin: true })),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** JSON texts (or not) that no schema-derived value produces. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    '{"pushups": 1,}',
    "{'pushups': 1}",
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '\u0000',
    '\ufeff{}',
    '{"pushups":1e999}',
    '{"pushups":-1e-999}',
    '{"pushups":123456789012345678901234567890}',
    '{"x":"\\ud800"}',
    '{"x":"\\u0000"}',
  ),
  // Deep nesting: a recursive parser or validator would overflow its stack.
  fc.integer({ min: 1_000, max: 30_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1_000, max: 10_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  // Too large for the 64 KiB body limit.
  fc.constant(null).map(() => JSON.stringify({ notes: 'x'.repeat(70 * 1024), pushups: 1 })),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** A body: usually a schema-valid object with one thing spoiled, sometimes something else entirely. */
export function bodyFrom(
  schema: JsonSchema,
  now: () => number,
): fc.Arbitrary<{ text: string; note: string }> {
  const valid = validFrom(schema, now);
  const keys = Object.keys(schema.properties ?? {});
  const asJson = (note: string) => (v: unknown) => ({ text: JSON.stringify(v) ?? 'null', note });
  const spoiled = fc
    .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue, fc.nat(3))
    .map(([v, key, bad, how]) => {
      const o = { ...(v as Record<string, unknown>) };
      if (how === 0) o[key] = bad;
      else if (how === 1) delete o[key];
      else if (how === 2) return Object.assign(pollutingObject(bad), o);
      else o[`extra${key}`] = bad;
      return o;
    });
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(asJson('valid')) },
    { weight: 4, arbitrary: spoiled.map(asJson('one field spoiled')) },
    { weight: 1, arbitrary: hostileValue.map(asJson('hostile value')) },
    { weight: 1, arbitrary: hostileJsonText.map((text) => ({ text, note: 'hostile text' })) },
  );
}

// ---- URLs and headers ------------------------------------------------------------------------

/**
 * Percent-encodes every UTF-16 code unit as its WTF-8 bytes, so lone surrogates reach the server
 * as the bytes a hostile client would send (encodeURIComponent throws on them).
 */
export function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < value.length ? value.charCodeAt(i + 1) : 0;
    if (pair >= 0xdc00 && pair <= 0xdfff) {
      out += encodeURIComponent(value[i]! + value[i + 1]!);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** A path or query value: schema-valid, hostile text, or raw broken percent-encoding. */
export function urlValueFrom(schema: JsonSchema, now: () => number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validFrom(schema, now).map((v) => encodeAny(String(v))) },
    { weight: 2, arbitrary: hostileText.map(encodeAny) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%00',
        '%FF%FE',
        '%ED%A0%80',
        '%C0%AF',
        '%2e%2e%2f',
        '%E2%80%AE',
        '+',
        '%2F',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 2 ** 33 }).map(String) },
  );
}

/** Header values can only carry tab, printable ASCII and Latin-1 (Node refuses anything else). */
const headerSafe = (s: string) => s.replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '?');
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  hostileText.map(headerSafe),
  fc.constantFrom('', ' ', '\t', 'ÿþ', '"quoted"', 'a=b; c=d', 'x'.repeat(4_000)),
);
