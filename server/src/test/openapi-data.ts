import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import fc from 'fast-check';

// Request data from the OpenAPI document's JSON Schemas, for the contract fuzz
// (server/src/hostile/openapi-contract.test.ts, docs/decisions/0210-openapi-contract-fuzz.md):
// values the document allows (positive) and values it refuses (negative). Both are checked
// against the schema with Ajv before use, so the generator may be rough: a candidate the schema
// does not classify as wanted is dropped, never sent. Deterministic: every draw comes from `Rng`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema as the document writes it
export type Schema = Record<string, any>;

/** A small seeded generator (mulberry32): the same seed draws the same requests. */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
// Path and query values arrive as text: validated as the server's schemas read them (coerced).
const ajvCoercing = new Ajv2020({ strict: false, validateFormats: false, coerceTypes: true });
const compiled = new WeakMap<object, ValidateFunction>();
const compiledParam = new WeakMap<object, ValidateFunction>();

/** Whether `value` is valid by `schema` (a body, or a parameter's value when `asText`). */
export function isValid(schema: Schema, value: unknown, asText = false): boolean {
  if (asText) {
    let v = compiledParam.get(schema);
    if (!v) {
      v = ajvCoercing.compile({ type: 'object', properties: { v: schema }, required: ['v'] });
      compiledParam.set(schema, v);
    }
    return v({ v: value });
  }
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v(value);
}

// Friendly text first (letters, digits, inner spaces): it fits the text patterns, and stays clear
// of the rules the document describes in words only (docs/decisions/0209-openapi-says-what-the-server-enforces.md).
const WORD = 'abcdefghijklmnopqrstuvwxyz0123456789';
function friendly(rng: Rng, min: number, max: number): string {
  const length = rng.int(min, Math.min(max, min + 12));
  let s = '';
  for (let i = 0; i < length; i++)
    s += i > 0 && i < length - 1 && rng.chance(0.15) ? ' ' : rng.pick(WORD.split(''));
  return s;
}

function uuid(rng: Rng): string {
  const hex = () => rng.int(0, 15).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-${rng.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
}

function stringFrom(schema: Schema, rng: Rng, now: number): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  if (schema.format === 'uuid') return uuid(rng);
  if (schema.format === 'date-time') return new Date(now - rng.int(0, 3_600_000)).toISOString();
  if (schema.format === 'email') return `m${friendly(rng, 1, 8).replace(/ /g, '')}@example.com`;
  // Where the document sets no pattern, any text now and then (controls, surrogates, emoji): a
  // rule the server keeps and the document does not say shows up as a 400.
  if (!schema.pattern && rng.chance(0.25)) {
    const [any] = fc.sample(
      fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 16) }),
      {
        seed: rng.int(0, 2 ** 30),
        numRuns: 1,
      },
    );
    if (any !== undefined && isValid(schema, any)) return any;
  }
  const plain = friendly(rng, Math.max(min, 0), Math.max(min, Math.min(max, 24)));
  if (!schema.pattern || isValid({ type: 'string', pattern: schema.pattern }, plain)) return plain;
  const re = new RegExp(schema.pattern, 'u');
  const samples = fc.sample(
    fc
      .stringMatching(re, { size: 'small' })
      .filter((s) => [...s].length >= min && [...s].length <= max),
    { seed: rng.int(0, 2 ** 30), numRuns: 1 },
  );
  return samples[0] ?? plain;
}

/** One value `schema` allows (most of the time; isValid decides). */
export function positive(schema: Schema, rng: Rng, now: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum as unknown[]);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    // A nullable field is mostly given a value.
    const values = branches.filter((b) => b.type !== 'null');
    return positive(
      values.length && rng.chance(0.85) ? rng.pick(values) : rng.pick(branches),
      rng,
      now,
    );
  }
  const type = Array.isArray(schema.type)
    ? rng.chance(0.85) && schema.type.some((t: string) => t !== 'null')
      ? rng.pick(schema.type.filter((t: string) => t !== 'null'))
      : rng.pick(schema.type)
    : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max =
        schema.maximum ??
        (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 1000));
      // The bounds themselves now and then: off-by-one holes live there.
      return rng.chance(0.2) ? rng.pick([min, max]) : rng.int(Math.ceil(min), Math.floor(max));
    }
    case 'string':
      return stringFrom(schema, rng, now);
    case 'array': {
      const n = rng.int(
        schema.minItems ?? 0,
        Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      );
      return Array.from({ length: n }, () => positive(schema.items ?? {}, rng, now));
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? {} : friendly(rng, 1, 8);
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [name, sub] of Object.entries(schema.properties as Record<string, Schema>)) {
        // `not: {}`: a key that must be absent.
        if (sub.not) continue;
        if (required.has(name) || rng.chance(0.5)) out[name] = positive(sub, rng, now);
      }
      return out;
    }
    default:
      throw new Error(`no values for type ${String(type)}`);
  }
}

/** Characters that break a text pattern: C1 and C0 controls, a lone surrogate, then plain ones. */
const PATTERN_BREAKERS = [
  '\u0085',
  '\u0000',
  '\u009b',
  '\ud800',
  '!',
  '/',
  ' ',
  'A',
  'é',
  '-',
  '0',
];

export interface Spoiled {
  value: unknown;
  how: string;
}

/**
 * Values `schema` refuses, each made from a valid `value` by one change, named by `how`
 * (wrong type, out of range, too long or short, off the pattern, not in the enum, a required key
 * missing, an unknown key where none is allowed, the same in a nested value).
 */
export function negatives(schema: Schema, value: unknown, rng: Rng, asText = false): Spoiled[] {
  const out: Spoiled[] = [];
  const add = (v: unknown, how: string) => {
    if (!isValid(schema, v, asText)) out.push({ value: v, how });
  };
  const types: string[] = Array.isArray(schema.type)
    ? schema.type
    : schema.type
      ? [schema.type]
      : [];
  if (schema.enum) add(`not-${String(schema.enum[0])}-x`, 'not in the enum');
  if (typeof value === 'string') {
    if (schema.minLength) add(value.slice(0, schema.minLength - 1), 'shorter than minLength');
    if (schema.maxLength !== undefined)
      add('a'.repeat(schema.maxLength + 1), 'longer than maxLength');
    if (schema.pattern) {
      for (const c of PATTERN_BREAKERS) {
        const at = rng.int(0, value.length);
        const v = `${value.slice(0, at)}${c}${value.slice(at)}`;
        const cut =
          schema.maxLength !== undefined && [...v].length > schema.maxLength ? v.slice(1) : v;
        if (!isValid(schema, cut, asText)) {
          out.push({ value: cut, how: `off the pattern (${JSON.stringify(c)})` });
          break;
        }
      }
    }
    if (schema.format === 'date-time') add('2026-13-45T99:00:00Z', 'not a date-time');
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined) add(schema.minimum - 1, 'below minimum');
    if (schema.maximum !== undefined) add(schema.maximum + 1, 'above maximum');
    if (types.includes('integer')) add(asText ? `${value}.5` : value + 0.5, 'not an integer');
    if (asText) add('ten', 'not a number');
  }
  if (!asText) {
    if (!types.includes('string') && !types.includes('null')) add('text', 'a string instead');
    if (types.includes('string') || schema.enum) add(12345, 'a number instead');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      add([value], 'an array instead');
      for (const key of (schema.required ?? []) as string[]) {
        const copy: Record<string, unknown> = { ...(value as object) };
        delete copy[key];
        add(copy, `without required ${key}`);
      }
      add({ ...(value as object), unexpectedKey: 1 }, 'an unknown key');
      // One property spoiled in turn (the nested checks: ids, names, reasons...).
      for (const [key, sub] of Object.entries(
        (schema.properties ?? {}) as Record<string, Schema>,
      )) {
        const inner = (value as Record<string, unknown>)[key];
        if (inner === undefined || sub.not) continue;
        const pick = negatives(resolveBranch(sub, inner), inner, rng);
        for (const s of pick) add({ ...(value as object), [key]: s.value }, `${key}: ${s.how}`);
      }
    }
  }
  return out;
}

/** The branch of an anyOf/oneOf the value was drawn from (the first it is valid by). */
function resolveBranch(schema: Schema, value: unknown): Schema {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!branches) return schema;
  const branch = branches.find((b) => isValid(b, value));
  // The outer `add` checks the spoiled object against the whole schema again.
  return branch ?? schema;
}
