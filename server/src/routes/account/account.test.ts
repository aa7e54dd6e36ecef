import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@common/constants';
import { accountExportSchema, type AccountExport } from '@common/schemas/account';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { users } from '../../db/schema';
import { MailWorker } from '../../mail/queue';
import { outboxTransport } from '../../mail/transport';
import { rowsOf } from '../../db/client';
import { useTestApp } from '../../test/app';
import {
  createUser,
  createWorkout,
  DEFAULT_PASSWORD,
  sessionCookieFrom,
  type MadeUser,
} from '../../test/factories';
import { csvField, neutraliseFormula, workoutsCsv } from './account.service';

const t = useTestApp({ loginMaxFailures: 3 });

const json = { 'content-type': 'application/json' };
const NEW_PASSWORD = 'violet-kettle-93';

function changePassword(user: MadeUser | { headers: { cookie: string } } | null, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password',
    headers: { ...(user?.headers ?? {}), ...json },
    payload: JSON.stringify(body),
  });
}
function deleteAccount(user: { headers: { cookie: string } } | null, body: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { ...(user?.headers ?? {}), ...json },
    payload: JSON.stringify(body),
  });
}
async function login(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: json,
    payload: JSON.stringify({ username, password }),
  });
}
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

/** A second session for the same user, made through the login form. */
async function secondSession(user: MadeUser) {
  const res = await login(user.username, DEFAULT_PASSWORD);
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie']);
}

describe('POST /api/password', () => {
  it('changes the password: the old one stops working, other sessions end, this one goes on', async () => {
    const u = await createUser(t.app);
    const other = await secondSession(u);
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(u, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['cache-control']).toBe('private, no-store');

    expect((await me(u.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(u.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is a 400 on currentPassword for a wrong current password, and changes nothing', async () => {
    const u = await createUser(t.app);
    const other = await secondSession(u);
    const res = await changePassword(u, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.currentPassword).toEqual(['That is not your current password.']);
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(u.username, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('limits wrong current passwords like logins (429 with Retry-After), even with the right one', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await changePassword(u, { currentPassword: `wrong-${i}`, newPassword: NEW_PASSWORD }))
          .statusCode,
      ).toBe(400);
    }
    const limited = await changePassword(u, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many wrong passwords/);
    t.clock.advance(16 * 60_000);
    expect(
      (await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
  });

  it('holds the new password to the registration rules', async () => {
    const u = await createUser(t.app, { username: 'rulesmith', email: 'smith.rules@example.com' });
    const cases: [string, RegExp][] = [
      ['abc', /at least 6/],
      ['x'.repeat(129), /at most 128/],
      ['password123', /too common/],
      ['RuleSmith', /username or email/],
      ['smith.rules', /username or email/],
      [DEFAULT_PASSWORD, /different from your current/],
    ];
    for (const [newPassword, message] of cases) {
      const res = await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().errors.newPassword?.[0], newPassword).toMatch(message);
    }
    const missing = await changePassword(u, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toBeDefined();
  });

  it('is a 401 when signed out, before the body is looked at', async () => {
    expect((await changePassword(null, { currentPassword: 1 })).statusCode).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('is a 400 on password for a wrong password, and deletes nothing', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 40 });
    const res = await deleteAccount(u, { password: 'nope-nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual(['That is not your current password.']);
    expect((await me(u.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users/${u.username}` })).statusCode).toBe(200);
  });

  it('is a 401 when signed out', async () => {
    expect((await deleteAccount(null, { password: 'x' })).statusCode).toBe(401);
  });

  it('deletes the user and everything of theirs; the name and email can be used again', async () => {
    const keep = await createUser(t.app);
    await createWorkout(t.app, keep.id, { pushups: 10 });
    const u = await createUser(t.app, { age: 30, gender: 'female' });
    const other = await secondSession(u);
    await createWorkout(t.app, u.id, { pushups: 99, notes: 'mine' });
    await createWorkout(t.app, u.id, { pushups: 50 });
    // A camera capture, a failed login and a board row, so every table holds something of theirs.
    const photo = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...u.headers, ...json },
      payload: JSON.stringify({ profilePicture: `data:image/png;base64,${PNG_1PX}` }),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    await login(u.username, 'wrong-password');
    type Entry = { username: string; rank: number };
    const board = async () =>
      (await t.app.inject({ url: '/api/leaderboard/all_time' })).json() as Entry[];
    const before = await board();
    expect(before.map((e) => e.username)).toContain(u.username);
    const keepRank = before.find((e) => e.username === keep.username)!.rank;

    const res = await deleteAccount(u, { password: DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));

    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/${u.username}` })).statusCode).toBe(404);
    const after = await board();
    expect(after.map((e) => e.username)).not.toContain(u.username);
    // Their 99 was above keep's 10: keep moves up one place.
    expect(after.find((e) => e.username === keep.username)!.rank).toBe(keepRank - 1);

    // The goodbye message waits in the queue until it is sent; sent, its row keeps neither the
    // address nor the text (server/src/mail/queue.ts).
    const goodbye = await rows<{ subject: string }>(
      sql`select subject from mail_queue where recipient = ${u.email}`,
    );
    expect(goodbye.map((r) => r.subject)).toEqual(['Your account was deleted - FitBench']);
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-goodbye-'));
    const worker = new MailWorker({
      db: t.app.db,
      transport: outboxTransport(outbox, 'FitBench <fitbench@test.example>'),
      now: () => t.app.now(),
    });
    await worker.drain();
    await worker.stop();
    // (with the other messages this file's tests queued)
    expect(fs.readdirSync(outbox).length).toBeGreaterThanOrEqual(1);
    fs.rmSync(outbox, { recursive: true, force: true });

    // Query every table of the schema for anything that names the user.
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const found = await rows<{ n: number | string }>(
        sql`select count(*) as n from ${sql.identifier(table_name)} t
             where to_jsonb(t)::text ilike ${`%${u.username}%`}
                or to_jsonb(t)::text ilike ${`%${u.email}%`}
                or (to_jsonb(t) ? 'user_id' and (to_jsonb(t)->>'user_id')::int = ${u.id})
                or (${table_name} = 'users' and (to_jsonb(t)->>'id')::int = ${u.id})
                or (${table_name} = 'rate_limits' and to_jsonb(t)->>'key' like ${`%:${u.id}`})`,
      );
      expect(Number(found[0]!.n), table_name).toBe(0);
    }

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json,
      payload: JSON.stringify({ username: u.username, email: u.email, password: NEW_PASSWORD }),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('limits wrong passwords with the same counter as a password change', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 3; i++)
      expect((await deleteAccount(u, { password: `bad-${i}` })).statusCode).toBe(400);
    expect((await deleteAccount(u, { password: DEFAULT_PASSWORD })).statusCode).toBe(429);
    expect(
      (await changePassword(u, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(429);
    expect((await me(u.cookie)).statusCode).toBe(200);
  });
});

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.app.db, query);

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    out.push(row);
  }
  return out;
}

describe('GET /api/export', () => {
  const NOTES = [
    'plain',
    'with, comma',
    'with "quotes"',
    'two\nlines',
    '=HYPERLINK("http://evil.example","x")',
    '+1',
    '-2+3',
    '@SUM(A1)',
    null,
  ];

  async function userWithWorkouts() {
    const u = await createUser(t.app, { fullName: 'Ex Porter', age: 41, gender: 'male' });
    const base = t.app.now().getTime() - 60 * 60_000;
    for (const [i, notes] of NOTES.entries()) {
      await createWorkout(t.app, u.id, {
        pushups: 10 + i,
        notes,
        createdAt: new Date(base + i * 60_000),
      });
    }
    return u;
  }
  const list = async (u: MadeUser) => {
    const res = await t.app.inject({ url: '/api/workouts?limit=100', headers: u.headers });
    return (res.json() as AccountExport['workouts']).slice().sort((a, b) => a.id - b.id);
  };

  it('gives JSON by default: every field of the user but the hash, and every workout', async () => {
    const u = await userWithWorkouts();
    await t.app.db.update(users).set({ showAgeGender: false }).where(eq(users.id, u.id));
    const res = await t.app.inject({ url: '/api/export', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const date = t.app.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fitbench-${u.username}-${date}.json"`,
    );
    const body = accountExportSchema.parse(res.json());
    expect(body.user).toMatchObject({
      id: u.id,
      username: u.username,
      email: u.email,
      fullName: 'Ex Porter',
      age: 41,
      gender: 'male',
      isPrivate: false,
      showAgeGender: false,
    });
    expect(res.body).not.toMatch(/argon|passwordHash|password_hash/i);
    expect(body.workouts.slice().sort((a, b) => a.id - b.id)).toEqual(await list(u));
    // Nobody else's workouts.
    expect(body.workouts.every((w) => w.userId === u.id)).toBe(true);
  });

  it('gives CSV that parses back to the workouts list, with formulas neutralised', async () => {
    const u = await userWithWorkouts();
    const res = await t.app.inject({ url: '/api/export?format=csv', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fitbench-.+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['id', 'pushups', 'notes', 'createdAt', 'challenge', 'score', 'tier']);
    const expected = await list(u);
    expect(lines).toHaveLength(expected.length);
    const byId = new Map(lines.map((l) => [Number(l[0]), l]));
    for (const w of expected) {
      const line = byId.get(w.id)!;
      expect(Number(line[1])).toBe(w.pushups);
      expect(line[3]).toBe(w.createdAt);
      expect(line[6]).toBe(w.tier);
      if (w.notes === null) expect(line[2]).toBe('');
      else if (/^[=+\-@]/.test(w.notes)) expect(line[2]).toBe(`'${w.notes}`);
      else expect(line[2]).toBe(w.notes);
    }
  });

  it('is a 400 for an unknown format and a 401 when signed out', async () => {
    const u = await createUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/export?format=xml', headers: u.headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/export' })).statusCode).toBe(401);
  });

  it('gives an account with no workouts a header-only CSV and an empty list', async () => {
    const u = await createUser(t.app);
    const csv = await t.app.inject({ url: '/api/export?format=csv', headers: u.headers });
    expect(csv.body).toBe('id,pushups,notes,createdAt,challenge,score,tier\r\n');
    const data = await t.app.inject({ url: '/api/export', headers: u.headers });
    expect(data.json().workouts).toEqual([]);
  });
});

describe('CSV helpers', () => {
  it('quote per RFC 4180 and neutralise formula starts', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('x\r\ny')).toBe('"x\r\ny"');
    expect(csvField(null)).toBe('');
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('\tcmd')).toBe("'\tcmd");
    expect(neutraliseFormula('fine = ok')).toBe('fine = ok');
    const csv = workoutsCsv({
      user: {} as AccountExport['user'],
      workouts: [
        {
          id: 1,
          userId: 1,
          challenge: 'pushup-90',
          score: 5,
          pushups: 5,
          notes: '@x, "y"',
          createdAt: '2026-01-01T00:00:00.000Z',
          verified: false,
          tier: 'entered',
          hidden: null,
        },
        {
          id: 2,
          userId: 1,
          challenge: 'plank-drop',
          score: 95,
          notes: null,
          createdAt: '2026-01-02T00:00:00.000Z',
          verified: false,
          tier: 'entered',
          hidden: null,
        },
      ],
      clips: [],
    });
    expect(csv).toBe(
      'id,pushups,notes,createdAt,challenge,score,tier\r\n' +
        '1,5,"\'@x, ""y""",2026-01-01T00:00:00.000Z,pushup-90,5,entered\r\n' +
        '2,,,2026-01-02T00:00:00.000Z,plank-drop,95,entered\r\n',
    );
  });
});
