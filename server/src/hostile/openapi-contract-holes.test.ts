import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, type MadeUser } from '../test/factories';
import { isValid, type Schema } from '../test/openapi-data';

// Each way the OpenAPI document was looser than the server (issue 34, item 10; item 11b): the
// document now refuses the value, and the server answers it with a 4xx as before. Unknown query
// parameters get 400, unlisted methods 405 with Allow, unknown keys of a saved workout 400.
// The generic fuzz (openapi-contract.test.ts) covers every operation; these name the holes.
// docs/decisions/0209-openapi-says-what-the-server-enforces.md

const t = useTestApp();
const ORIGIN = 'http://localhost:80';
let member: MadeUser;
let moderator: MadeUser;
type Op = {
  parameters?: { in: string; name: string; schema: Schema; description?: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  member = await createUser(t.app);
  moderator = await createUser(t.app, { role: 'moderator' });
  doc = t.app.swagger() as unknown as typeof doc;
});

const param = (path: string, method: string, name: string) =>
  doc.paths[path]![method]!.parameters!.find((p) => p.name === name)!;
const body = (path: string, method: string) =>
  doc.paths[path]![method]!.requestBody!.content['application/json']!.schema;

async function call(method: string, url: string, payload?: unknown, who: MadeUser | null = member) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('the document refuses what the server refuses', () => {
  it.each([
    ['/api/leaderboard/{period}', 'period', 'yesterday', '/api/leaderboard/yesterday'],
    ['/api/leaderboard/{period}', 'tz', '', '/api/leaderboard/week?tz='],
    [
      '/api/leaderboard/{period}',
      'challenge',
      'no-such-challenge',
      '/api/leaderboard/week?challenge=no-such-challenge',
    ],
    [
      '/api/leaderboard/{period}',
      'challenge',
      'push\u0085up',
      '/api/leaderboard/week?challenge=push%C2%85up',
    ],
    ['/api/stats', 'tz', '', '/api/stats?tz='],
    ['/api/workouts', 'cursor', 'not a cursor!', '/api/workouts?cursor=not%20a%20cursor!'],
    ['/api/following', 'cursor', '%%%', '/api/following?cursor=%25%25%25'],
    ['/api/clubs', 'q', 'run\u009bners', '/api/clubs?q=run%C2%9Bners'],
  ])('GET %s: %s=%j', async (path, name, value, url) => {
    expect(isValid(param(path, 'get', name).schema, value, true)).toBe(false);
    expect((await call('GET', url)).statusCode).toBe(400);
  });

  it.each(['0', '-1', '1.5'])('a workout id of %s', async (id) => {
    expect(isValid(param('/api/workouts/{id}', 'delete', 'id').schema, id, true)).toBe(false);
    expect((await call('DELETE', `/api/workouts/${id}`)).statusCode).toBe(400);
  });

  it.each([
    ['/api/clubs', 'post', { name: 'ab', visibility: 'public' }],
    ['/api/clubs', 'post', { name: '  ab  ', visibility: 'public' }],
    ['/api/clubs', 'post', { name: 'Club\u0085x', visibility: 'public' }],
    ['/api/workouts', 'post', { pushups: 10, notes: 'ok\u0090' }],
    ['/api/workouts', 'post', { pushups: 10, note: 'misspelt' }],
    [
      '/api/register',
      'post',
      { username: 'someone', email: 'not-an-address', password: 'correct-horse-7' },
    ],
    [
      '/api/register',
      'post',
      { username: 'some\u0085one', email: 'a@example.com', password: 'correct-horse-7' },
    ],
    [
      '/api/reports',
      'post',
      { target: { kind: 'member', username: 'nobody-here' }, reason: 'other' },
    ],
    [
      '/api/reports',
      'post',
      { target: { kind: 'member', username: 'nobody-here' }, reason: 'other', text: '   ' },
    ],
    ['/api/password-reset', 'post', { email: 'nobody' }],
  ])('%s %s %j', async (path, method, payload) => {
    expect(isValid(body(path, method), payload)).toBe(false);
    const res = await call(
      method.toUpperCase(),
      path,
      payload,
      path === '/api/register' ? null : member,
    );
    expect(res.statusCode, res.body).toBe(400);
  });

  it.each(['', '   '])('a moderator action with the reason %j', async (reason) => {
    const payload = { action: 'hide-workout', target: { kind: 'workout', workoutId: 1 }, reason };
    expect(isValid(body('/api/moderation/actions', 'post'), payload)).toBe(false);
    expect((await call('POST', '/api/moderation/actions', payload, moderator)).statusCode).toBe(
      400,
    );
  });

  it('says in words what JSON Schema cannot: a known time zone, the createdAt window', () => {
    expect(param('/api/stats', 'get', 'tz').description).toMatch(
      /IANA time zone name the server knows/,
    );
    expect(body('/api/workouts', 'post').properties.createdAt.description).toMatch(
      /within the last 7 days/,
    );
    expect(
      doc.paths['/api/workouts']!.post!.requestBody!.content['application/json']!.schema
        .additionalProperties,
    ).toBe(false);
  });
});

describe('unknown query parameters and unlisted methods', () => {
  it('refuses a query parameter the route does not list with 400 naming it, and keeps the listed ones', async () => {
    const misspelt = await call('GET', '/api/workouts?limt=5');
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json()).toEqual({
      message: 'Unknown query parameter "limt". It takes challenge, limit, cursor.',
      errors: { limt: ['Not a query parameter of this route'] },
    });
    expect((await call('GET', '/api/user?cachebuster=1')).statusCode).toBe(400);
    expect((await call('GET', '/api/workouts?limit=5&challenge=pushup-90')).statusCode).toBe(200);
    expect(
      (
        await call(
          'GET',
          '/api/leaderboard/week?tz=Europe%2FParis&ageGroup=all&gender=all&limit=10&verified=true&scope=everyone',
        )
      ).statusCode,
    ).toBe(200);
  });

  it.each([
    ['DELETE', '/api/workouts', 'GET, HEAD, POST'],
    ['PUT', '/api/workouts/5', 'DELETE, PATCH'],
    ['GET', '/api/login', 'POST'],
    ['POST', '/api/leaderboard/week', 'GET, HEAD'],
    ['PATCH', '/api/clubs/some-club', 'GET, HEAD'],
  ])('%s %s: 405, Allow: %s', async (method, url, allow) => {
    for (const who of [member, null]) {
      const res = await call(method, url, undefined, who);
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json().message).toMatch(/is not allowed/);
    }
  });

  it('a path the app does not have stays a 404', async () => {
    expect((await call('DELETE', '/api/no-such-thing')).statusCode).toBe(404);
  });
});
