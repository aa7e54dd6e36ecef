import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@common/constants';
import { registerSchema, userSchema, usernameSchema, type User } from '@common/schemas/auth';
import { updateProfileSchema } from '@common/schemas/profile';
import { textRuleError } from '@common/schemas/text';
import {
  FUTURE_SLACK_MS,
  notesSchema,
  pushupsSchema,
  workoutListSchema,
} from '@common/schemas/workouts';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import {
  avatars,
  clubChallenges,
  clubs as clubsTable,
  planSessions,
  plans,
  setComments,
  sessions,
  users,
  workoutClips,
  workouts,
} from '../db/schema';
import { PNG_BASE64 } from '../test/test-images';
import { testClip } from '../test/test-clips';
import { registeredRoutes } from '../plugins/openapi';
import { issueToken } from '../lib/account-tokens';
import { createSession } from '../lib/session';
import { sha256Hex } from '../lib/tokens';
import { ensureReminderKeys, unsubscribeToken } from '../routes/reminders';
import { useTestApp } from '../test/app';
import {
  createUser,
  createWorkout,
  DEFAULT_PASSWORD,
  sessionCookieFrom,
  type MadeUser,
} from '../test/factories';
import {
  assertSupported,
  bodyFrom,
  encodeAny,
  hostileHeaderValue,
  hostileJsonText,
  hostileText,
  urlValueFrom,
  validFrom,
  type JsonSchema,
  type Operation,
} from '../test/fuzz';

// Every operation of the OpenAPI document the app serves gets NUM_RUNS requests built from its
// schema and spoiled with hostile values (server/src/test/fuzz.ts), as a visitor, a member and
// a forged cookie, on PGlite and PostgreSQL. Each answer must be one of the operation's documented
// statuses and never a 5xx; whatever a 2xx stored is read back and checked against the rules in
// common/. A new route is fuzzed without anything added here. docs/decisions/0037-api-fuzzing.md
// A failure prints fast-check's seed, path and counterexample: rerun with them to reproduce.

const NUM_RUNS = 300;
const SEED = 20261121;

// The throttles and the save limit have their own tests (login-throttles, saves); here they would
// only turn the later runs into 429s. Argon2 is cheap: thousands of hashes are made.
const t = useTestApp({
  loginMaxFailures: 1_000_000,
  loginIpMaxFailures: 1_000_000,
  registerMax: 1_000_000,
  saveMax: 1_000_000,
  argon2Queue: 100_000,
  argon2Cost: { memoryCost: 1024, timeCost: 1 },
});

// The operations, from the document of an app that is built but never asked anything.
const probe = await buildApp({ db: {} as Db });
await probe.ready();
type DocOperation = {
  parameters?: Operation['parameters'];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
};
const isEventStream = (responses: Record<string, unknown>) =>
  JSON.stringify(responses['200'] ?? {}).includes('"text/event-stream"');
const doc = probe.swagger() as unknown as { paths: Record<string, Record<string, DocOperation>> };
const documented = new Set<string>();
const operations: Operation[] = [];
for (const [path, ops] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(ops)) {
    documented.add(`${method.toUpperCase()} ${path}`);
    // An event stream never ends, so no run of it would: its own tests open it
    // (server/src/routes/notifications/notifications.test.ts).
    if (isEventStream(op.responses)) continue;
    operations.push({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
      statuses: Object.keys(op.responses).map(Number),
    });
  }
}
const routes = registeredRoutes(probe)
  .filter((r) => r.url.startsWith('/api/') && !r.hidden && r.method !== 'HEAD')
  .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
await probe.close();

// Stand-ins for values only known once a run's member exists (their username, a workout of
// theirs, their password...), so the valid requests also reach the paths past the lookups.
const SELF_USERNAME = 'self-username-placeholder';
const SELF_WORKOUT = '2147000001';
const SELF_SESSION = '77777777-7777-4777-8777-777777777777';
const AVATAR_ID = 'fuzzAvatar0123456789ab';
// Links' tokens: replaced by a live one of a fresh member (so the visitor's shared member keeps
// its password and sessions).
const RESET_TOKEN = 'fuzzResetTokenPlaceholder000000000000000000';
const CONFIRM_TOKEN = 'fuzzConfirmTokenPlaceholder0000000000000000';
const UNDO_TOKEN = 'fuzzUndoTokenPlaceholder0000000000000000000';
// A verified set of the shared member with a proof clip (GET .../clip), and a clip that decodes
// and fits the run (a flat colour: small, quick to decode).
const SHARED_CLIP_WORKOUT = '2147000002';
// A club the run's member is the admin of (the shared member's, public, for reads), and another
// member in it (the one an admin removes).
const SELF_CLUB = 'fuzz-self-club-placeholder';
const CLUB_MATE = 'fuzz-club-mate-placeholder';
// Another member and a set of theirs, made for the run: a moderator acts on others only
// (docs/decisions/0207-moderation-queue-and-moderators.md).
const OTHERS_WORKOUT = '2147000003';
const OTHER_USERNAME = 'fuzz-other-member-placeholder';
// A plan of the run's member (placed by their set, its first session due today), and that session.
const SELF_PLAN = '2147000004';
const SELF_PLAN_SESSION = '2147000005';
// A comment of the run's member on another's set (its author deletes it), and another member's
// comment (a moderator hides it): docs/decisions/0248-kudos-and-comments.md.
const SELF_COMMENT = '2147000006';
const OTHERS_COMMENT = '2147000007';
// A challenge of the run's club, already ended (its result card is drawn): an admin deletes it.
const CLUB_CHALLENGE = '2147000008';
const PLAN_DAYS_EVERY_OTHER = [0, 2, 4];
// A club challenge's days: from today (UTC) for a week.
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const CLUB_CHALLENGE_START = dayOf(Date.now());
const CLUB_CHALLENGE_END = dayOf(Date.now() + 7 * 86_400_000);
// A reminder's one-click unsubscribe link (routes/reminders/keys.ts): a live token of a fresh member.
const UNSUBSCRIBE_TOKEN = 'fuzzUnsubscribeTokenPlaceholder00000000000';
const PLAN_FIRST_SETS = [15, 15, 12, 12, 15];
const CLIP = testClip({ pattern: 'color' });
const hints: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.constant(SELF_USERNAME),
  password: fc.constant(DEFAULT_PASSWORD),
  currentPassword: fc.constant(DEFAULT_PASSWORD),
  'DELETE /api/workouts/{id}#id': fc.constant(SELF_WORKOUT),
  'PATCH /api/workouts/{id}#id': fc.constant(SELF_WORKOUT),
  'PUT /api/workouts/{id}/clip#id': fc.constant(SELF_WORKOUT),
  'DELETE /api/workouts/{id}/clip#id': fc.constant(SELF_WORKOUT),
  'GET /api/workouts/{id}/clip#id': fc.constant(SHARED_CLIP_WORKOUT),
  'GET /api/moderation/workouts/{id}#id': fc.constant(OTHERS_WORKOUT),
  'GET /api/moderation/members/{username}#username': fc.constant(OTHER_USERNAME),
  // A report is about someone else's entry: the shared member's set; an action on another's.
  'POST /api/reports#target': fc.constant({
    kind: 'workout',
    workoutId: Number(SHARED_CLIP_WORKOUT),
  }),
  // Its body is one of four shapes (workout, member, reports and club actions): an action and a
  // target that go together, given together now and then, reach its work.
  'POST /api/moderation/actions#action': fc.constant('hide-workout'),
  'POST /api/moderation/actions#target': fc.constant({
    kind: 'workout',
    workoutId: Number(OTHERS_WORKOUT),
  }),
  webm: fc.constant(CLIP.toString('base64')),
  'DELETE /api/sessions/{id}#id': fc.constant(SELF_SESSION),
  'GET /api/avatars/{id}#id': fc.constant(AVATAR_ID),
  'POST /api/password-reset/complete#token': fc.constant(RESET_TOKEN),
  'POST /api/email/confirm#token': fc.constant(CONFIRM_TOKEN),
  'POST /api/email/undo#token': fc.constant(UNDO_TOKEN),
  'GET /api/reminders/unsubscribe#token': fc.constant(UNSUBSCRIBE_TOKEN),
  'POST /api/reminders/unsubscribe#token': fc.constant(UNSUBSCRIBE_TOKEN),
  'GET /api/share-cards/{file}#file': fc.constant(`${SELF_USERNAME}.png`),
  'GET /api/share-cards/sets/{file}#file': fc.constant(`${SELF_WORKOUT}.png`),
  // The shared member's club (public: its card needs no key).
  'GET /api/share-cards/clubs/{file}#file': fc.constant(`${SELF_CLUB}.png`),
  slug: fc.constant(SELF_CLUB),
  'DELETE /api/clubs/{slug}/members/{username}#username': fc.constant(CLUB_MATE),
  // Letting back in the mate an admin removed (memberFor removes them first).
  'DELETE /api/clubs/{slug}/removals/{username}#username': fc.constant(CLUB_MATE),
  // Following someone else: a public member (the shared club's other member).
  'PUT /api/following/{username}#username': fc.constant(CLUB_MATE),
  'DELETE /api/following/{username}#username': fc.constant(CLUB_MATE),
  scope: fc.constantFrom('everyone', 'following'),
  // A board's query has many fields, each rarely valid when drawn at random: valid stand-ins keep
  // some runs reaching the board's work.
  challenge: fc.constant('pushup-90'),
  ageGroup: fc.constantFrom('all', '30-39'),
  gender: fc.constantFrom('female', 'male'),
  // Plain strings in the document (checked by the route's own code), so named here.
  period: fc.constantFrom('today', 'week', 'month', 'all_time', 'all-time'),
  email: fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z0-9]{1,12}$/))
    .map(([local, domain]) => `${local}@${domain}.example`),
  tz: fc.constantFrom('UTC', 'Europe/Paris', 'America/St_Johns', 'Pacific/Kiritimati'),
  // Plans: the member's own plan and its next session; a set of theirs to place or re-test it.
  'GET /api/plans/{id}#id': fc.constant(SELF_PLAN),
  'POST /api/plans/{id}/sessions/{sessionId}/done#id': fc.constant(SELF_PLAN),
  'POST /api/plans/{id}/sessions/{sessionId}/done#sessionId': fc.constant(SELF_PLAN_SESSION),
  'POST /api/plans/{id}/retest#id': fc.constant(SELF_PLAN),
  'DELETE /api/comments/{id}#id': fc.constant(SELF_COMMENT),
  'POST /api/workouts/{id}/comments#id': fc.constant(OTHERS_WORKOUT),
  'PUT /api/workouts/{id}/kudos#id': fc.constant(OTHERS_WORKOUT),
  'GET /api/workouts/{id}/comments#id': fc.constant(OTHERS_WORKOUT),
  'GET /api/workouts/{id}/comments#order': fc.constantFrom('oldest', 'newest'),
  'POST /api/workouts/{id}/comments#body': fc.constant('Nice set'),
  'POST /api/moderation/comments/{id}#id': fc.constant(OTHERS_COMMENT),
  'POST /api/moderation/comments/{id}#action': fc.constant('hide'),
  'POST /api/plans/{id}/status#id': fc.constant(SELF_PLAN),
  'PUT /api/plans/{id}/days#id': fc.constant(SELF_PLAN),
  // A pace fits its score's reps (a cross-field rule): one rep in the first 15 s fits any count.
  'POST /api/workouts#pace': fc.constant([1]),
  'POST /api/plans#workoutId': fc.constant(Number(SELF_WORKOUT)),
  'POST /api/plans/{id}/retest#workoutId': fc.constant(Number(SELF_WORKOUT)),
  days: fc.constant(PLAN_DAYS_EVERY_OTHER),
  'GET /api/clubs/{slug}/challenges/{id}#id': fc.constant(CLUB_CHALLENGE),
  'DELETE /api/clubs/{slug}/challenges/{id}#id': fc.constant(CLUB_CHALLENGE),
  'GET /api/share-cards/club-challenges/{slug}/{file}#file': fc.constant(`${CLUB_CHALLENGE}.png`),
  startDate: fc.constant(CLUB_CHALLENGE_START),
  endDate: fc.constant(CLUB_CHALLENGE_END),
  done: fc.constant(PLAN_FIRST_SETS),
  // A save's own key (a UUID), as the app sends it: the header's hostile values are drawn besides.
  'idempotency-key': fc.uuid({ version: 4 }),
};
// A hint given more often than the others (one in three): the club's slug, which every club route
// needs before it reads anything else, and which a route with many parameters must also get right.
// The time zone and the challenge too: their schemas give their form, and only a few values of
// that form are known zones and open challenges. A plan session's id too: its route also needs
// the plan's id, a body of the session's sets and an Idempotency-Key either absent or a UUID.
const HINT_WEIGHTS: Record<string, number> = { slug: 4, tz: 3, challenge: 3, sessionId: 3 };
/** A body's property names, also across the shapes of a body that is one of several (anyOf). */
function bodyPropertyNames(body: JsonSchema): string[] {
  const shapes = [body, ...((body.anyOf ?? body.oneOf ?? []) as JsonSchema[])];
  return [...new Set(shapes.flatMap((b) => Object.keys(b.properties ?? {})))];
}

function withHints(op: Operation, name: string, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const hint = hints[`${op.method} ${op.path}#${name}`] ?? hints[name];
  return hint
    ? fc.oneof({ weight: 2, arbitrary: arb }, { weight: HINT_WEIGHTS[name] ?? 1, arbitrary: hint })
    : arb;
}

interface FuzzRequest {
  actor: 'member' | 'visitor' | 'forged';
  path: string;
  query: string;
  headers: Record<string, string>;
  contentType: string | null;
  body: { text: string; note: string } | null;
  remoteAddress: string;
}

const now = () => t.clock.now.getTime();

function requestArbitrary(op: Operation): fc.Arbitrary<FuzzRequest> {
  if (op.body) assertSupported(op.body, `${op.method} ${op.path} body`);
  for (const p of op.parameters)
    assertSupported(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`);

  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(
      ...pathParams.map((p) =>
        withHints(op, p.name, urlValueFrom(p.schema, now)).map((v) =>
          v === '' ? '%20' : String(v),
        ),
      ),
    )
    .map((values) => {
      let out = op.path;
      pathParams.forEach((p, i) => (out = out.replace(`{${p.name}}`, values[i] as string)));
      return out;
    });

  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) =>
          fc.option(withHints(op, p.name, urlValueFrom(p.schema, now)), { nil: undefined }),
        ),
      ),
      // Now and then (each is a 400 since unknown query parameters are refused, so the valid runs
      // must also come without them).
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([] as [string, string][]) },
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                '__proto__',
                '__proto__[polluted]',
                'constructor[prototype][polluted]',
                'x',
                ...queryParams.map((p) => p.name),
              ),
              hostileText.map(encodeAny),
            ),
            urlValueFrom({ type: 'string' }, now),
          ),
          { minLength: 1, maxLength: 2 },
        ),
      ),
    )
    .map(([values, extra]) => {
      const pairs = queryParams.flatMap((p, i) =>
        values[i] === undefined ? [] : [`${p.name}=${values[i]}`],
      );
      pairs.push(...extra.map(([k, v]) => `${k}=${v}`));
      return pairs.length ? `?${pairs.join('&')}` : '';
    });

  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const headers = fc
    .tuple(
      fc.tuple(
        ...headerParams.map((p) =>
          fc.option(
            withHints(
              op,
              p.name,
              fc.oneof(validFrom(p.schema, now).map(String), hostileHeaderValue),
            ),
            { nil: undefined },
          ),
        ),
      ),
      // Now and then: a cross-site origin, a forged X-Forwarded-For, odd header values.
      fc.option(
        fc.record(
          {
            origin: fc.oneof(
              fc.constantFrom('http://localhost:80', 'https://evil.example', 'null'),
              hostileHeaderValue,
            ),
            'sec-fetch-site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
            'x-forwarded-for': fc.oneof(
              fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'unknown'),
              hostileHeaderValue,
            ),
            'user-agent': hostileHeaderValue,
            'accept-language': hostileHeaderValue,
            'x-extra': hostileHeaderValue,
          },
          { requiredKeys: [] },
        ),
        { nil: {}, freq: 2 },
      ),
    )
    .map(([values, extra]) => {
      const out: Record<string, string> = { ...extra };
      headerParams.forEach((p, i) => {
        if (values[i] !== undefined) out[p.name] = values[i] as string;
      });
      return out;
    });

  const writes = op.method !== 'GET' && op.method !== 'HEAD';
  const body: fc.Arbitrary<FuzzRequest['body']> = op.body
    ? bodyFrom(op.body, now)
    : writes
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          {
            weight: 1,
            arbitrary: hostileJsonText.map((text) => ({ text, note: 'unexpected body' })),
          },
        )
      : fc.constant(null);
  // A hinted field takes its stand-in now and then (a login with the member's own name).
  const hintedBody = op.body
    ? fc
        .tuple(
          body,
          fc.boolean(),
          ...bodyPropertyNames(op.body).map((name) => {
            const hint = hints[`${op.method} ${op.path}#${name}`] ?? hints[name];
            return hint ? fc.option(hint, { nil: undefined }) : fc.constant(undefined);
          }),
        )
        .map(([b, useHints, ...hintValues]) => {
          if (!b || !useHints || b.note === 'hostile text') return b;
          try {
            const parsed = JSON.parse(b.text) as unknown;
            if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return b;
            const names = bodyPropertyNames(op.body!);
            names.forEach((name, i) => {
              if (hintValues[i] !== undefined && name in (parsed as object))
                (parsed as Record<string, unknown>)[name] = hintValues[i];
            });
            return {
              text: JSON.stringify(parsed),
              note: `${b.note}, with the member's own values`,
            };
          } catch {
            return b;
          }
        })
    : body;

  return fc.record({
    actor: fc.constantFrom('member', 'member', 'visitor', 'forged'),
    path,
    query,
    headers,
    contentType:
      op.body || writes
        ? fc.oneof(
            { weight: 8, arbitrary: fc.constant('application/json') },
            {
              weight: 2,
              arbitrary: fc.constantFrom(
                null,
                'application/json; charset=utf-8',
                'application/json; charset=latin1',
                'text/plain',
                'application/x-www-form-urlencoded',
                'multipart/form-data; boundary=x',
                'application/octet-stream',
                'application/jsonx',
              ),
            },
          )
        : fc.constant(null),
    body: hintedBody,
    remoteAddress: fc.oneof(fc.ipV4(), fc.ipV6()),
  });
}

// ---- What a 2xx stored must follow ------------------------------------------------------------

function userProblems(
  u: Omit<User, 'createdAt' | 'emailConfirmed' | 'newDeviceNotices' | 'isModerator'>,
): string[] {
  const problems: string[] = [];
  for (const [field, value] of Object.entries(u)) {
    if (typeof value === 'string') {
      const bad = textRuleError(field, value, {});
      if (bad) problems.push(bad);
    }
  }
  if (usernameSchema.safeParse(u.username).data !== u.username)
    problems.push(`username ${JSON.stringify(u.username)} breaks the username rule`);
  const email = registerSchema.shape.email.safeParse(u.email);
  if (email.data !== u.email)
    problems.push(`email ${JSON.stringify(u.email)} breaks the email rule`);
  const profile = updateProfileSchema.safeParse({
    fullName: u.fullName,
    age: u.age,
    gender: u.gender,
    profilePicture: u.profilePicture,
    isPrivate: u.isPrivate,
    showAgeGender: u.showAgeGender,
  });
  if (!profile.success) problems.push(`profile breaks a rule: ${profile.error.message}`);
  else if (profile.data.fullName !== u.fullName)
    problems.push(`fullName ${JSON.stringify(u.fullName)} is not in its stored form`);
  return problems;
}

function workoutProblems(
  w: { challenge: string; score: number; notes: string | null; createdAt: Date; receivedAt?: Date },
  joined: Date,
): string[] {
  const problems: string[] = [];
  if (w.challenge !== 'pushup-90') problems.push(`challenge ${w.challenge} is not open`);
  if (!pushupsSchema.safeParse(w.score).success) problems.push(`score ${w.score} out of range`);
  if (w.notes !== null && notesSchema.safeParse(w.notes).data !== w.notes)
    problems.push(`notes ${JSON.stringify(w.notes)} break the notes rule`);
  if (w.createdAt < joined)
    problems.push(`createdAt ${w.createdAt.toISOString()} before the owner joined`);
  if (w.receivedAt && w.createdAt.getTime() > w.receivedAt.getTime() + FUTURE_SLACK_MS)
    problems.push('createdAt after the save was received');
  return problems;
}

/** Reads back through the API what a member has, and checks it. */
async function checkMemberThroughApi(cookie: string): Promise<string[]> {
  const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
  if (me.statusCode === 401) return []; // the run ended the session or deleted the account
  const user = userSchema.parse(me.json());
  const problems = userProblems(user);
  const list = await t.app.inject({ url: '/api/workouts?limit=500', headers: { cookie } });
  for (const w of workoutListSchema.parse(list.json())) {
    problems.push(
      ...workoutProblems({ ...w, createdAt: new Date(w.createdAt) }, new Date(user.createdAt)),
    );
  }
  return problems;
}

/** Every stored user and workout, straight from the database. */
async function checkStoredRows(): Promise<string[]> {
  const problems: string[] = [];
  const joined = new Map<number, Date>();
  for (const u of await t.app.db.select().from(users)) {
    joined.set(u.id, u.createdAt);
    problems.push(...userProblems(u).map((p) => `user ${u.id}: ${p}`));
  }
  for (const w of await t.app.db.select().from(workouts)) {
    problems.push(...workoutProblems(w, joined.get(w.userId)!).map((p) => `workout ${w.id}: ${p}`));
  }
  return problems;
}

// ---- The runs ---------------------------------------------------------------------------------

let shared: MadeUser;
let sharedClipWorkout = 0;
beforeAll(async () => {
  // Reads are made as one member with a few workouts; each write run gets a member of its own
  // (a run may sign out, end sessions, change the password or delete the account).
  shared = await createUser(t.app);
  for (const pushups of [12, 40, 40]) await createWorkout(t.app, shared.id, { pushups });
  const clipped = await createWorkout(t.app, shared.id, { pushups: 9, verified: true });
  sharedClipWorkout = clipped.id;
  await t.app.db.insert(workoutClips).values({
    workoutId: clipped.id,
    userId: shared.id,
    bytes: CLIP,
    codec: 'vp8',
    width: 160,
    height: 120,
    frames: 900,
    durationMs: 90_000,
  });
  await clubOf(shared);
  await t.app.db.insert(avatars).values({
    id: AVATAR_ID,
    userId: shared.id,
    mime: 'image/png',
    bytes: Buffer.from(PNG_BASE64, 'base64'),
  });
});

/** The member's plan (made on first use, placed by a set of 30, its first session due today); for
 * a re-test, its five training sessions are done and the re-test is due today. */
const plansOf = new Map<number, { id: number; session: number }>();
async function planOf(m: MadeUser, retest: boolean) {
  if (plansOf.has(m.id)) return plansOf.get(m.id)!;
  const w = await createWorkout(t.app, m.id, { pushups: 30 });
  const [plan] = await t.app.db
    .insert(plans)
    .values({
      userId: m.id,
      challenge: w.challenge,
      days: [0, 1, 2],
      placedBy: 30,
      placedByWorkoutId: w.id,
      startOn: '2000-01-01',
    })
    .returning();
  const today = t.clock.now.toISOString().slice(0, 10);
  const rows = Array.from({ length: 6 }, (_, i) => ({
    planId: plan!.id,
    week: Math.floor(i / 3) + 1,
    slot: (i % 3) + 1,
    kind: i === 5 ? 'retest' : 'session',
    dueOn: today,
    doneAt: retest && i < 5 ? t.clock.now : null,
    prescription:
      i === 5
        ? null
        : { unit: 'reps' as const, sets: PLAN_FIRST_SETS, restSeconds: 60, lastAtLeast: true },
  }));
  const inserted = await t.app.db
    .insert(planSessions)
    .values(rows)
    .returning({ id: planSessions.id });
  const made = { id: plan!.id, session: inserted[retest ? 5 : 0]!.id };
  plansOf.set(m.id, made);
  return made;
}

/** The member's club (made on first use, public, with a second member), by slug and mate's name. */
const clubs = new Map<number, { slug: string; mate: string }>();
async function clubOf(m: MadeUser) {
  let club = clubs.get(m.id);
  if (!club) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: { cookie: m.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { name: `Fuzz club ${m.id}`, visibility: 'public' },
    });
    const mate = await createUser(t.app);
    const { slug } = res.json() as { slug: string };
    await t.app.inject({
      method: 'POST',
      url: `/api/clubs/${slug}/join`,
      headers: { cookie: mate.cookie, 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    club = { slug, mate: mate.username };
    clubs.set(m.id, club);
  }
  return club;
}

async function memberFor(op: Operation, text: string): Promise<MadeUser> {
  // The moderators' routes are called by a moderator, so the sweep gets past their 403.
  const moderating = op.path.startsWith('/api/moderation/');
  if (op.method === 'GET' && !moderating) return shared;
  const m = await createUser(t.app, moderating ? { role: 'moderator' } : {});
  if (text.includes(SELF_WORKOUT)) {
    // The clip routes take verified sets only; a DELETE needs a clip to delete.
    const clipRoute = op.path.endsWith('/clip');
    const w = await createWorkout(t.app, m.id, { pushups: 30, verified: clipRoute });
    if (clipRoute && op.method === 'DELETE')
      await t.app.db.insert(workoutClips).values({
        workoutId: w.id,
        userId: m.id,
        bytes: CLIP,
        codec: 'vp8',
        width: 160,
        height: 120,
        frames: 900,
        durationMs: 90_000,
      });
  }
  if (text.includes(SELF_PLAN)) await planOf(m, op.path.endsWith('/retest'));
  // A second device to sign out.
  if (text.includes(SELF_SESSION)) await createSession(t.app.db, m.id, t.clock.now);
  if (text.includes(SELF_CLUB)) {
    const club = await clubOf(m);
    if (op.path.includes('/removals/'))
      await t.app.inject({
        method: 'DELETE',
        url: `/api/clubs/${club.slug}/members/${club.mate}`,
        headers: { cookie: m.cookie, 'sec-fetch-site': 'same-origin' },
      });
  }
  return m;
}

async function fill(text: string, m: MadeUser): Promise<string> {
  if (text.includes(SELF_PLAN) && !plansOf.has(m.id)) await planOf(m, false);
  const plan = plansOf.get(m.id);
  if (plan)
    text = text
      .replaceAll(SELF_PLAN, String(plan.id))
      .replaceAll(SELF_PLAN_SESSION, String(plan.session));
  let out = text
    .replaceAll(SELF_USERNAME, m.username)
    .replaceAll(SHARED_CLIP_WORKOUT, String(sharedClipWorkout));
  const club = clubs.get(m.id) ?? clubs.get(shared.id);
  if (club) out = out.replaceAll(SELF_CLUB, club.slug).replaceAll(CLUB_MATE, club.mate);
  if (out.includes(SELF_WORKOUT)) {
    const [w] = await t.app.db
      .select({ id: workouts.id })
      .from(workouts)
      .where(eq(workouts.userId, m.id))
      .limit(1);
    out = out.replaceAll(SELF_WORKOUT, String(w?.id ?? 1));
  }
  if (out.includes(SELF_SESSION)) {
    const [s] = await t.app.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(and(eq(sessions.userId, m.id), ne(sessions.id, sha256Hex(m.cookie.split('=')[1]!))))
      .limit(1);
    out = out.replaceAll(SELF_SESSION, s?.publicId ?? SELF_SESSION);
  }
  if (club && out.includes(CLUB_CHALLENGE)) {
    const [c] = await t.app.db
      .select({ id: clubsTable.id })
      .from(clubsTable)
      .where(eq(clubsTable.slug, club.slug));
    const [made] = await t.app.db
      .insert(clubChallenges)
      .values({
        clubId: c!.id,
        challenge: 'pushup-90',
        startDate: '2026-01-05',
        endDate: '2026-01-11',
        target: 30,
        createdBy: m.id,
      })
      .returning({ id: clubChallenges.id });
    out = out.replaceAll(CLUB_CHALLENGE, String(made!.id));
  }
  if (out.includes(OTHERS_WORKOUT) || out.includes(OTHER_USERNAME)) {
    const other = await createUser(t.app);
    const w = await createWorkout(t.app, other.id, { pushups: 30 });
    out = out.replaceAll(OTHERS_WORKOUT, String(w.id)).replaceAll(OTHER_USERNAME, other.username);
  }
  for (const [placeholder, own] of [
    [SELF_COMMENT, true],
    [OTHERS_COMMENT, false],
  ] as const) {
    if (!out.includes(placeholder)) continue;
    const owner = await createUser(t.app);
    const w = await createWorkout(t.app, owner.id, { pushups: 30 });
    const author = own ? m : await createUser(t.app);
    const [c] = await t.app.db
      .insert(setComments)
      .values({ workoutId: w.id, authorId: author.id, body: 'Nice set' })
      .returning({ id: setComments.id });
    out = out.replaceAll(placeholder, String(c!.id));
  }
  if (out.includes(UNSUBSCRIBE_TOKEN)) {
    const owner = await createUser(t.app);
    const keys = await ensureReminderKeys(t.app.db);
    out = out.replaceAll(UNSUBSCRIBE_TOKEN, unsubscribeToken(keys.tokenSecret, owner.id));
  }
  for (const [placeholder, purpose] of [
    [RESET_TOKEN, 'password-reset'],
    [CONFIRM_TOKEN, 'confirm-email'],
    [UNDO_TOKEN, 'undo-email-change'],
  ] as const) {
    if (!out.includes(placeholder)) continue;
    const owner = await createUser(t.app);
    const token = await issueToken(
      t.app.db,
      owner.id,
      purpose,
      3_600_000,
      t.clock.now,
      owner.email,
    );
    out = out.replaceAll(placeholder, token);
  }
  return out;
}

async function runOne(op: Operation, req: FuzzRequest, seen: Set<number>) {
  const raw = `${req.path}${req.query}\n${req.body?.text ?? ''}`;
  const member = req.actor === 'member' ? await memberFor(op, raw) : shared;
  const url = await fill(`${req.path}${req.query}`, member);
  const payload = req.body ? await fill(req.body.text, member) : undefined;
  const headers: Record<string, string> = { ...req.headers };
  // A request without a body mostly comes without a Content-Type (then and again with one).
  if (req.contentType && (req.body || req.remoteAddress.endsWith('1')))
    headers['content-type'] = req.contentType;
  if (req.actor === 'member') headers.cookie = member.cookie;
  if (req.actor === 'forged')
    headers.cookie = `${SESSION_COOKIE}=${req.headers['x-extra'] ?? 'forged'}; ${SESSION_COOKIE}=x`;
  const res = await t.app.inject({
    method: op.method as 'GET',
    url,
    headers,
    payload,
    remoteAddress: req.remoteAddress,
  });
  const shown = url.length > 300 ? `${url.slice(0, 300)}... (${url.length} characters)` : url;
  const what = `${res.statusCode} ${res.body.slice(0, 300)} <- ${op.method} ${shown} (${req.actor}${req.body ? `, body: ${req.body.note}` : ''})`;
  seen.add(res.statusCode);
  if (res.statusCode >= 500) throw new Error(`a 5xx: ${what}`);
  if (!op.statuses.includes(res.statusCode)) throw new Error(`an undocumented status: ${what}`);
  if (res.statusCode < 300 && op.method !== 'GET') {
    // What the write stored, read back as its owner sees it.
    const cookie =
      res.headers['set-cookie'] && op.path !== '/api/logout'
        ? sessionCookieFrom(res.headers['set-cookie'])
        : member.cookie;
    const problems = await checkMemberThroughApi(cookie);
    if (problems.length)
      throw new Error(`${what}\nstored data breaks a rule:\n${problems.join('\n')}`);
  }
}

/** fast-check's report, with the counterexample cut short (its strings can be 70 KB long). */
function shortReport(run: fc.RunDetails<[FuzzRequest]>) {
  if (!run.failed) return;
  const example = JSON.stringify(run.counterexample?.[0]) ?? '';
  const cut = (s: string, n: number) =>
    s.length > n ? `${s.slice(0, n)}... (${s.length} characters)` : s;
  throw new Error(
    `Failed after ${run.numRuns} runs; reproduce with { seed: ${run.seed}, path: "${run.counterexamplePath}" }\n` +
      `${cut(String((run.errorInstance as Error | undefined)?.message ?? run.errorInstance), 1500)}\n` +
      `counterexample: ${cut(example, 1500)}`,
  );
}

describe('API fuzzing: every route, hostile requests', () => {
  it('every route is in the OpenAPI document, and every operation has an arbitrary', () => {
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const missing: string[] = [];
    for (const op of operations) {
      try {
        requestArbitrary(op);
      } catch (err) {
        missing.push((err as Error).message);
      }
    }
    expect(missing).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}: ${NUM_RUNS} runs, documented statuses only, never a 5xx, stored data follows the rules`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), (req) => runOne(op, req, seen)),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true, reporter: shortReport },
      );
      // The runs reached the route's work, not only its refusals (and refusals too, where it takes input).
      expect(
        [...seen].some((s) => s < 300),
        `statuses seen: ${[...seen].join(', ')}`,
      ).toBe(true);
      if (op.body || op.parameters.length)
        expect(
          [...seen].some((s) => s >= 400),
          `statuses seen: ${[...seen].join(', ')}`,
        ).toBe(true);
      expect(await checkStoredRows()).toEqual([]);
    }, 180_000);
  }
});
