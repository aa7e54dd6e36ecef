import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueWith } from '@common/challenges';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout } from '../../test/factories';

// A hold of S seconds cannot end before its owner existed S seconds ago: a 10-hour plank saved by
// an account one second old is refused, on a save and on an edit alike
// (docs/decisions/0204-a-hold-begins-after-joining.md). Counted scores keep the plain rule (not
// dated before joining).
const t = useTestApp({ challenges: catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']) });

const NOW = new Date('2026-03-04T12:00:00.000Z');
const SEC = 1000;
beforeEach(() => t.clock.set(NOW));
const joinedAgo = (ms: number) => createUser(t.app, { createdAt: new Date(NOW.getTime() - ms) });
const MESSAGE = 'A 10:00:00 hold ending then would have begun before you joined FitBench';

describe('a timed score begins after its owner joined', () => {
  it('a save of a 10-hour plank "just now" by an account one second old is a 400 under the score', async () => {
    const u = await joinedAgo(SEC);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { challenge: 'plank-drop', score: 36_000 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGE, errors: { score: [MESSAGE] } });
    expect((await t.app.inject({ url: '/api/workouts', headers: u.headers })).json()).toEqual([]);
  });

  it('a hold exactly as long as the account has existed is saved; one second more is not', async () => {
    const u = await joinedAgo(90 * SEC);
    const save = (score: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: u.headers,
        payload: { challenge: 'plank-drop', score },
      });
    expect((await save(91)).statusCode).toBe(400);
    expect((await save(90)).statusCode).toBe(201);
    // A custom time earlier still leaves less room.
    const earlier = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: {
        challenge: 'plank-drop',
        score: 60,
        createdAt: new Date(NOW.getTime() - 40 * SEC).toISOString(),
      },
    });
    expect(earlier.statusCode).toBe(400);
  });

  it('counted scores keep the plain rule: a 90-second push-up set by a new account is saved', async () => {
    const u = await joinedAgo(SEC);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: { pushups: 40 },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an edit is held to the same rule, by its score and by its time', async () => {
    const u = await joinedAgo(10 * 60 * SEC);
    const w = await createWorkout(t.app, u.id, { challenge: 'plank-drop', score: 60 });
    const edit = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/workouts/${w.id}`,
        headers: u.headers,
        payload: body,
      });
    const longer = await edit({ score: 36_000 });
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toEqual({ message: MESSAGE, errors: { score: [MESSAGE] } });
    // Moved back to 9 minutes after joining, a 10-minute hold would have begun before it.
    const moved = await edit({
      score: 600,
      createdAt: new Date(NOW.getTime() - 60 * SEC).toISOString(),
    });
    expect(moved.statusCode).toBe(400);
    expect((await edit({ score: 600 })).statusCode).toBe(200);
  });
});

describe('HOLD_START_SLACK_SECONDS (the e2e servers only)', () => {
  const slack = useTestApp({
    challenges: catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']),
    holdStartSlackMs: 600 * SEC,
  });
  it('moves the earliest start that much before the registration, and no further', async () => {
    const u = await createUser(slack.app, { createdAt: new Date() });
    const save = (score: number) =>
      slack.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: u.headers,
        payload: { challenge: 'plank-drop', score },
      });
    expect((await save(590)).statusCode).toBe(201);
    expect((await save(36_000)).statusCode).toBe(400);
  });
});
