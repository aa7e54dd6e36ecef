import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';

// Every text field, in bodies, paths and queries, refuses NUL, control characters and lone
// surrogates with a 400 naming the field (common/schemas/text.ts), on PGlite and PostgreSQL.
const t = useTestApp({ loginMaxFailures: 1000, registerMax: 1000 });

const HOSTILE = ['\u0000', '\u001b[2J', '\u0007', '\ud800', '\udfff', '\u0085'];

describe('hostile text', () => {
  it('in every body field: 400 with the field named, nothing stored', async () => {
    const u = await createUser(t.app);
    let n = 0;
    for (const bad of HOSTILE) {
      n += 1;
      const cases: [string, string, string, Record<string, unknown>, Record<string, string>?][] = [
        [
          'POST',
          '/api/register',
          'username',
          { username: `eve${n}${bad}`, email: `eve${n}@x.io`, password: 'tr1cky-Pushups' },
        ],
        [
          'POST',
          '/api/register',
          'email',
          { username: `eve${n}`, email: `eve${n}${bad}@x.io`, password: 'tr1cky-Pushups' },
        ],
        [
          'POST',
          '/api/register',
          'password',
          { username: `eve${n}`, email: `eve${n}@x.io`, password: `tr1cky-Push${bad}ups` },
        ],
        [
          'POST',
          '/api/login',
          'username',
          { username: `${u.username}${bad}`, password: 'whatever' },
        ],
        ['POST', '/api/login', 'password', { username: u.username, password: `what${bad}ever` }],
        ['POST', '/api/workouts', 'notes', { pushups: 20, notes: `solid${bad}set` }, u.headers],
        ['PATCH', '/api/profile', 'fullName', { fullName: `Eve${bad}` }, u.headers],
        [
          'PATCH',
          '/api/profile',
          'profilePicture',
          { profilePicture: `https://example.com/${bad}.png` },
          u.headers,
        ],
      ];
      for (const [method, url, field, payload, headers] of cases) {
        const res = await t.app.inject({ method: method as 'POST', url, payload, headers });
        expect(res.statusCode, `${method} ${url} ${field} ${JSON.stringify(bad)}`).toBe(400);
        const body = res.json();
        expect(body.errors?.[field]?.[0], `${url} ${field}`).toMatch(
          /NUL|control characters|invalid character/,
        );
      }
    }
    const me = await t.app.inject({ url: '/api/user', headers: u.headers });
    expect(me.json().fullName).toBeNull();
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toEqual([]);
  });

  it('notes keep line breaks and tabs', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { pushups: 20, notes: 'first set\r\n\tsecond set' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().notes).toBe('first set\r\n\tsecond set');
  });

  it('in path and query values: 400, never a 5xx', async () => {
    const u = await createUser(t.app);
    for (const bad of ['%00', '%1B', '%0A', '%ED%A0%80', '%C2%85', '%FF']) {
      for (const url of [
        `/api/users/bob${bad}`,
        `/api/leaderboard/week${bad}`,
        `/api/leaderboard/week?tz=UTC${bad}`,
        `/api/leaderboard/week/me?tz=UTC${bad}`,
        `/api/workouts?cursor=abc${bad}`,
        `/api/avatars/${'a'.repeat(21)}${bad}`,
      ]) {
        const res = await t.app.inject({ url, headers: u.headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBeTruthy();
      }
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/workouts/1${bad}`,
        headers: u.headers,
      });
      expect(del.statusCode, bad).toBe(400);
    }
  });
});
