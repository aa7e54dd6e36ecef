import { describe, expect, it } from 'vitest';
import { PUBLIC_PROFILE_WORKOUTS } from '@common/schemas/profile';
import { workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';

const t = useTestApp();

const profile = (username: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/users/${username}`, headers });

describe('GET /api/users/:username', () => {
  it('shows public fields, stats and newest-first workouts, without email or password', async () => {
    t.clock.set('2026-06-17T12:00:00Z');
    const u = await createUser(t.app, {
      username: 'PublicPat',
      fullName: 'Pat Public',
      age: 41,
      gender: 'female',
      profilePicture: '/avatars/stock/yogi.svg',
    });
    const w1 = await createWorkout(t.app, u.id, {
      pushups: 30,
      notes: 'warm-up',
      createdAt: new Date('2026-06-15T08:00:00Z'),
    });
    const w2 = await createWorkout(t.app, u.id, {
      pushups: 45,
      createdAt: new Date('2026-06-16T08:00:00Z'),
    });
    const w3 = await createWorkout(t.app, u.id, {
      pushups: 25,
      createdAt: new Date('2026-06-17T08:00:00Z'),
    });

    const res = await profile('PublicPat');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: u.id,
      username: 'PublicPat',
      fullName: 'Pat Public',
      age: 41,
      gender: 'female',
      profilePicture: '/avatars/stock/yogi.svg',
      createdAt: expect.any(String),
    });
    const stats = {
      challenge: 'pushup-90',
      lastScore: 25,
      bestScore: 45,
      totalScore: 100,
      totalWorkouts: 3,
      verifiedBest: 0,
      bestTier: 'entered',
      lastPushups: 25,
      bestPushups: 45,
      totalPushups: 100,
    };
    expect(body.stats).toEqual(stats);
    // Each open challenge's: the push-up challenge alone as shipped.
    expect(body.challenges).toEqual([stats]);
    expect(body.workouts.map((w: { id: number }) => w.id)).toEqual([w3.id, w2.id, w1.id]);
    // Notes are personal: the workout leaves without them.
    expect(body.workouts[2]).toEqual({
      id: w1.id,
      userId: u.id,
      challenge: 'pushup-90',
      score: 30,
      pushups: 30,
      createdAt: '2026-06-15T08:00:00.000Z',
      verified: false,
      tier: 'entered',
    });
    expect(res.body).not.toMatch(
      /email|@example\.com|password|argon|idempotency|requestHash|notes|warm-up|isPrivate|showAgeGender/i,
    );
    t.clock.set(new Date());
  });

  it('is public and matches the username without regard to case', async () => {
    await createUser(t.app, { username: 'CaseyCase' });
    for (const name of ['caseycase', 'CASEYCASE', 'CaseyCase']) {
      const res = await profile(name);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.username).toBe('CaseyCase');
    }
  });

  it('gives zero stats and no workouts to a user who never trained', async () => {
    await createUser(t.app, { username: 'newbie' });
    const body = (await profile('newbie')).json();
    expect(body.stats).toEqual({
      challenge: 'pushup-90',
      lastScore: 0,
      bestScore: 0,
      totalScore: 0,
      totalWorkouts: 0,
      verifiedBest: 0,
      lastPushups: 0,
      bestPushups: 0,
      totalPushups: 0,
    });
    expect(body.workouts).toEqual([]);
  });

  it(`lists at most ${PUBLIC_PROFILE_WORKOUTS} workouts but counts them all`, async () => {
    const u = await createUser(t.app, { username: 'busybee' });
    const base = Date.now() - 86_400_000;
    await t.app.db.insert(workouts).values(
      Array.from({ length: PUBLIC_PROFILE_WORKOUTS + 5 }, (_, i) => ({
        userId: u.id,
        score: 10,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const body = (await profile('busybee')).json();
    expect(body.workouts).toHaveLength(PUBLIC_PROFILE_WORKOUTS);
    expect(body.stats.totalWorkouts).toBe(PUBLIC_PROFILE_WORKOUTS + 5);
  });

  it('is a JSON 404 for an unknown user', async () => {
    const res = await profile('nobody-by-that-name');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found.' });
  });

  it.each(['ab', 'a'.repeat(31), 'bad%20name', 'semi%3Bcolon', '%3Cscript%3E', 'caf%C3%A9'])(
    'is a 400 for a username that cannot exist: %s',
    async (name) => {
      const res = await profile(name);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.username).toBeDefined();
    },
  );
});

describe("GET /api/users/:username, a visitor's bytes made once per kept profile", () => {
  it('sends the same profile in every encoding, and a save shows on the next answer', async () => {
    const u = await createUser(t.app, { username: 'BytesBo' });
    for (let i = 0; i < PUBLIC_PROFILE_WORKOUTS; i++)
      await createWorkout(t.app, u.id, { pushups: 20 + i, notes: 'private note' });
    const plain = await profile('bytesbo');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const enc of ['br', 'gzip']) {
      // inject decodes nothing: the body is checked as a browser would read it.
      const res = await profile('BytesBo', { 'accept-encoding': enc });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
      const text = (enc === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload).toString();
      expect(JSON.parse(text)).toEqual(plain.json());
    }
    expect(plain.body).not.toContain('private note');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: { ...u.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { pushups: 77 },
    });
    expect(saved.statusCode).toBe(201);
    const after = await profile('BytesBo');
    expect(after.json().stats.bestScore).toBe(77);
    expect(after.json().workouts[0].score).toBe(77);
    // The signed-in path (their own view) agrees with the visitor's.
    const own = await t.app.inject({ url: '/api/users/BytesBo', headers: u.headers });
    expect(own.json()).toEqual(after.json());
  });
});

describe('GET /api/users/:username and the privacy settings', () => {
  it("is a 404 for a private member's profile, to visitors and other members, but not to them", async () => {
    const quiet = await createUser(t.app, { username: 'QuietQuinn', isPrivate: true });
    const other = await createUser(t.app);
    await createWorkout(t.app, quiet.id, { pushups: 33 });
    const visitor = await profile('quietquinn');
    expect(visitor.statusCode).toBe(404);
    // The same answer as for a name nobody has: being private is not revealed.
    expect(visitor.json()).toEqual({ message: 'User not found.' });
    const byOther = await t.app.inject({ url: '/api/users/QuietQuinn', headers: other.headers });
    expect(byOther.statusCode).toBe(404);
    const own = await t.app.inject({ url: '/api/users/QuietQuinn', headers: quiet.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().stats.bestPushups).toBe(33);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('gives age and gender as null when the member hides them', async () => {
    const u = await createUser(t.app, {
      username: 'HiddenHal',
      age: 52,
      gender: 'male',
      showAgeGender: false,
    });
    const res = await profile('HiddenHal');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'HiddenHal', age: null, gender: null });
    expect(res.body).not.toMatch(/"age":52|"male"/);
    // Their own view still has them.
    const me = await t.app.inject({ url: '/api/user', headers: u.headers });
    expect(me.json()).toMatchObject({ age: 52, gender: 'male', showAgeGender: false });
  });
});
