import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { UNLISTED_QUERY_IGNORED } from '../plugins/strict-requests';
import { useTestApp } from '../test/app';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { STOCK_AVATARS } from '@common/avatars';
import { issueToken } from '../lib/account-tokens';
import { encodeCursor } from '../routes/workouts';
import { createUser, DEFAULT_PASSWORD, type MadeUser } from '../test/factories';
import { isValid, negatives, positive, Rng, type Schema } from '../test/openapi-data';

// The OpenAPI document is the contract, read generically (every operation it lists, nothing named
// here but the few rules JSON Schema cannot say): a request valid by the document is never
// answered 400; one invalid by it (one value spoiled, an unknown key or query parameter) gets a
// 4xx; a method the document does not list on a listed path gets 405 with `Allow`. Signed in (a
// member's session, with the Origin the client sends) and signed out, on PGlite and PostgreSQL.
// Every response is also checked against the document by useTestApp (server/src/test/app.ts).
// docs/decisions/0210-openapi-contract-fuzz.md

const SEED = 20261128;
const POSITIVE_RUNS = 6;
const NEGATIVE_RUNS = 10;

const t = useTestApp({
  loginMaxFailures: 1_000_000,
  loginIpMaxFailures: 1_000_000,
  registerMax: 1_000_000,
  saveMax: 1_000_000,
  argon2Queue: 100_000,
  argon2Cost: { memoryCost: 1024, timeCost: 1 },
});

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  bodyRequired: boolean;
  unlistedQueryIgnored: boolean;
  eventStream: boolean;
}

const probe = await buildApp({ db: {} as Db });
await probe.ready();
const doc = probe.swagger() as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
};
await probe.close();
// An event stream never ends, so no request to it would: its own tests open it
// (server/src/routes/notifications/notifications.test.ts).
const isEventStream = (op: object) =>
  JSON.stringify((op as { responses?: Record<string, unknown> }).responses?.['200'] ?? {}).includes(
    '"text/event-stream"',
  );
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content?.['application/json']?.schema,
    bodyRequired: Boolean(op.requestBody?.required),
    unlistedQueryIgnored: Boolean((op as Record<string, unknown>)[UNLISTED_QUERY_IGNORED]),
    eventStream: isEventStream(op),
  })),
);

/**
 * The rules the document states in words because JSON Schema cannot (the schemas' descriptions
 * say them): the valid data follows them. Keyed `METHOD path#name` or `name` (a parameter, or a
 * top-level body field), or `METHOD path#body` (the whole body). Keep it short: a rule JSON Schema
 * can say belongs in the schema. docs/decisions/0209-openapi-says-what-the-server-enforces.md
 */
type Rule = {
  reason: string;
  value: (rng: Rng, op: Operation, body?: Record<string, unknown>) => unknown;
};
const STATED_IN_WORDS: Record<string, Rule> = {
  tz: {
    reason: "a time zone the server's Intl knows: the IANA list changes, no pattern lists it",
    value: (rng) => rng.pick(['UTC', 'Europe/Paris', 'America/St_Johns', 'Asia/Kolkata']),
  },
  timeZone: {
    reason: "the browser's time zone, one the server's Intl knows (as `tz`)",
    value: (rng) => rng.pick(['UTC', 'Europe/Paris', 'America/St_Johns', 'Asia/Kolkata']),
  },
  challenge: {
    reason:
      "an open challenge: which are open is the operator's setting at start-up (GET /api/challenges)",
    value: () => DEFAULT_CHALLENGE,
  },
  cursor: {
    reason: 'a cursor the server made: it holds a position, only its form is in the schema',
    value: (rng) =>
      encodeCursor({
        ts: `2026-11-${String(rng.int(10, 27))}T10:00:00.000000`,
        id: rng.int(1, 1000),
      }),
  },
  password: {
    reason: "the member's own password where one is asked for: only the server knows it",
    value: () => DEFAULT_PASSWORD,
  },
  currentPassword: {
    reason: "the member's own password: only the server knows it",
    value: () => DEFAULT_PASSWORD,
  },
  token: {
    reason: 'a live token from a mail the server sent: it is a secret the server keeps',
    value: () => TOKEN,
  },
  profilePicture: {
    reason:
      "a public web site's URL, or an image whose bytes are its type: the server resolves and sniffs them",
    value: (rng) => rng.pick([STOCK_AVATARS[0]!.url, null]),
  },
  'POST /api/workouts#body': {
    reason:
      'score and pushups name the same number (send one), a camera trace is counted again by the ' +
      "server, and a pace adds up to no more than the score's reps: cross-field or computed, not JSON Schema",
    value: (rng, _op, body) => {
      const { pushups, verification, pace, ...rest } = body ?? {};
      void verification;
      const scored =
        rest.score === undefined ? { ...rest, score: pushups ?? rng.int(1, 300) } : rest;
      // A pace that fits any count: one rep in the first 15 s.
      return pace === undefined ? scored : { ...scored, pace: [1] };
    },
  },
  'GET /api/challenges/{id}/standing#score': {
    reason:
      "within the challenge's own range (its catalogue entry's scoring), which differs by challenge",
    value: (rng) => rng.int(1, 300),
  },
  'GET /api/challenges/{id}/standing#capped': {
    reason: 'true only for a challenge done for time, with a score',
    value: () => 'false',
  },
};
// Replaced, when sent, by a live token of the purpose the path names.
const TOKEN = 'live-token-placeholder';
const ruleFor = (op: Operation, name: string) =>
  STATED_IN_WORDS[`${op.method} ${op.path}#${name}`] ?? STATED_IN_WORDS[name];

const now = () => t.clock.now.getTime();
const ORIGIN = 'http://localhost:80';
let member: MadeUser | undefined;

interface Built {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function build(op: Operation, values: Map<string, unknown>, body: unknown): Built {
  let url = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    if (!values.has(`${p.in}:${p.name}`)) continue;
    const v = String(values.get(`${p.in}:${p.name}`));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(v));
    else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`);
    else if (p.in === 'header') headers[p.name] = v;
  }
  if (query.length) url += `?${query.join('&')}`;
  const out: Built = { url, headers };
  if (body !== undefined) {
    out.payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  return out;
}

/** Valid values for each parameter (optional ones now and then) and a valid body. */
function validRequest(op: Operation, rng: Rng) {
  // A draw the document refuses (an if/then it did not meet) is drawn again.
  for (let attempt = 0; ; attempt++) {
    const values = new Map<string, unknown>();
    for (const p of op.parameters) {
      if (!p.required && !rng.chance(0.6)) continue;
      const rule = ruleFor(op, p.name);
      values.set(`${p.in}:${p.name}`, rule ? rule.value(rng, op) : positive(p.schema, rng, now()));
    }
    let body: unknown;
    if (op.body) {
      body = positive(op.body, rng, now());
      if (body && typeof body === 'object' && !Array.isArray(body))
        for (const name of Object.keys(body)) {
          const rule = ruleFor(op, name);
          if (rule) (body as Record<string, unknown>)[name] = rule.value(rng, op);
        }
      const whole = STATED_IN_WORDS[`${op.method} ${op.path}#body`];
      if (whole) body = whole.value(rng, op, body as Record<string, unknown>);
    }
    if (attempt >= 20 || invalidParts(op, values, body).length === 0) return { values, body };
  }
}

/** Where the generator's data is not valid by the document after all (it must be: else fix it). */
function invalidParts(op: Operation, values: Map<string, unknown>, body: unknown): string[] {
  const bad = op.parameters
    .filter(
      (p) =>
        values.has(`${p.in}:${p.name}`) &&
        !isValid(p.schema, String(values.get(`${p.in}:${p.name}`)), true),
    )
    .map((p) => `${p.in} ${p.name}=${JSON.stringify(values.get(`${p.in}:${p.name}`))}`);
  if (op.body && !isValid(op.body, body)) bad.push(`body ${JSON.stringify(body)}`);
  return bad;
}

async function send(op: Operation, req: Built, signedIn: boolean) {
  if (signedIn && !member) member = await createUser(t.app);
  if (req.payload?.includes(TOKEN)) {
    const owner = await createUser(t.app);
    const purpose = op.path.endsWith('/email/undo')
      ? 'undo-email-change'
      : op.path.includes('email')
        ? 'confirm-email'
        : 'password-reset';
    const token = await issueToken(
      t.app.db,
      owner.id,
      purpose,
      3_600_000,
      t.clock.now,
      owner.email,
    );
    req = { ...req, payload: req.payload.replaceAll(TOKEN, token) };
  }
  const headers = {
    ...req.headers,
    origin: ORIGIN,
    ...(signedIn ? { cookie: member!.cookie } : {}),
  };
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: req.url,
    headers,
    payload: req.payload,
  });
  // A write may end the member's session or change their password (sign out, a new password,
  // the account deleted): the next request gets a new member.
  if (signedIn && op.method !== 'GET' && res.statusCode < 300) member = undefined;
  return res;
}

const shown = (op: Operation, req: Built, signedIn: boolean, status: number, body: string) =>
  `${status} ${body.slice(0, 200)} <- ${op.method} ${req.url}${req.payload ? ` ${req.payload.slice(0, 300)}` : ''} (${signedIn ? 'member' : 'visitor'})`;

function seedOf(op: Operation, salt: number): number {
  let h = SEED ^ salt;
  for (const c of `${op.method} ${op.path}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return h;
}

describe('the OpenAPI document is the contract', () => {
  it('lists the rules it cannot say in JSON Schema with a reason each, and has operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const rule of Object.values(STATED_IN_WORDS))
      expect(rule.reason.length).toBeGreaterThan(20);
  });

  for (const op of operations.filter((o) => !o.eventStream)) {
    it(`${op.method} ${op.path}: valid requests never get 400, invalid ones a 4xx, signed in and out`, async () => {
      const problems: string[] = [];
      for (const signedIn of [false, true]) {
        const rng = new Rng(seedOf(op, signedIn ? 1 : 0));
        for (let i = 0; i < POSITIVE_RUNS; i++) {
          const { values, body } = validRequest(op, rng);
          const invalid = invalidParts(op, values, body);
          if (invalid.length) {
            problems.push(`the generator made data the document refuses: ${invalid.join('; ')}`);
            continue;
          }
          const req = build(op, values, body);
          const res = await send(op, req, signedIn);
          if (res.statusCode === 400 || res.statusCode >= 500)
            problems.push(
              `valid by the document, answered ${shown(op, req, signedIn, res.statusCode, res.body)}`,
            );
        }
        // Invalid: each way one value can break the document, as far as NEGATIVE_RUNS go.
        const { values, body } = validRequest(op, rng);
        // Every parameter given, so each can be spoiled.
        for (const p of op.parameters)
          if (!values.has(`${p.in}:${p.name}`))
            values.set(
              `${p.in}:${p.name}`,
              ruleFor(op, p.name)?.value(rng, op) ?? positive(p.schema, rng, now()),
            );
        const cases: {
          values: Map<string, unknown>;
          body: unknown;
          how: string;
          extraQuery?: string;
        }[] = [];
        // Unless the operation says it ignores them (share cards: their URLs carry cache-busters).
        if (!op.unlistedQueryIgnored)
          cases.push({
            values,
            body,
            how: 'an unknown query parameter',
            extraQuery: 'unexpectedParameter=1',
          });
        for (const p of op.parameters) {
          if (p.in === 'cookie') continue;
          const key = `${p.in}:${p.name}`;
          for (const s of negatives(p.schema, String(values.get(key)), rng, true))
            cases.push({
              values: new Map(values).set(key, s.value),
              body,
              how: `${p.in} ${p.name}: ${s.how}`,
            });
          if (p.required && p.in !== 'path') {
            const without = new Map(values);
            without.delete(key);
            cases.push({ values: without, body, how: `without required ${p.in} ${p.name}` });
          }
        }
        if (op.body) {
          for (const s of negatives(op.body, body, rng))
            cases.push({ values, body: s.value, how: `body: ${s.how}` });
          if (op.bodyRequired) cases.push({ values, body: undefined, how: 'without the body' });
        }
        // The unknown query parameter (when it is one) always, the others as far as NEGATIVE_RUNS go.
        const first = cases[0]?.extraQuery ? 1 : 0;
        const picked = [
          ...cases.slice(0, first),
          ...shuffle(cases.slice(first), rng).slice(0, NEGATIVE_RUNS - first),
        ];
        for (const c of picked) {
          const req = build(op, c.values, c.body);
          if (c.extraQuery) req.url += `${req.url.includes('?') ? '&' : '?'}${c.extraQuery}`;
          const res = await send(op, req, signedIn);
          if (res.statusCode < 400 || res.statusCode >= 500)
            problems.push(
              `invalid (${c.how}), answered ${shown(op, req, signedIn, res.statusCode, res.body)}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  it('a method the document does not list on a path it lists gets 405 with Allow, signed in and out', async () => {
    const problems: string[] = [];
    const rng = new Rng(SEED);
    for (const [path, ops] of Object.entries(doc.paths)) {
      const listed = Object.keys(ops).map((m) => m.toUpperCase());
      if (listed.includes('GET')) listed.push('HEAD');
      const allow = [...new Set(listed)].sort().join(', ');
      const op = operations.find((o) => o.path === path)!;
      const { values } = validRequest(
        {
          ...op,
          parameters: op.parameters
            .filter((p) => p.in === 'path')
            .map((p) => ({ ...p, required: true })),
        },
        rng,
      );
      const req = build(op, values, undefined);
      for (const method of METHODS.filter((m) => !listed.includes(m))) {
        for (const signedIn of [false, true]) {
          const res = await send({ ...op, method }, req, signedIn);
          const got = String(res.headers.allow ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .sort()
            .join(', ');
          if (res.statusCode !== 405 || got !== allow)
            problems.push(
              `${method} ${req.url} (${signedIn ? 'member' : 'visitor'}): ${res.statusCode}, Allow "${got}" (listed: ${allow})`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

function shuffle<T>(items: T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
