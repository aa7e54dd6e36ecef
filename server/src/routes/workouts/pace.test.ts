import { describe, expect, it } from 'vitest';
import { catalogueWith } from '@common/challenges';
import type { SavedWorkout, Workout } from '@common/schemas/workouts';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';

// The run's pace kept with the set (docs/decisions/0268-pace-stored-with-the-set.md): sent with
// the save, checked against the score, answered by every read of the set, trimmed by an edit that
// lowers the count, and part of the idempotent save's body.
const t = useTestApp({ challenges: catalogueWith(['pushup-90', 'plank-drop']) });

const save = (u: MadeUser, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: { ...u.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

describe('pace', () => {
  it('is stored with the set and answered by the save, the list and a replay', async () => {
    const u = await createUser(t.app);
    const key = '4f1b2c3d-1111-4222-8333-944455556666';
    const res = await save(u, { score: 30, pace: [9, 8, 7, 6] }, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SavedWorkout>().pace).toEqual([9, 8, 7, 6]);
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json<Workout[]>()[0]!.pace).toEqual([9, 8, 7, 6]);
    const again = await save(u, { score: 30, pace: [9, 8, 7, 6] }, key);
    // A replay answers as the first save did.
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<SavedWorkout>().pace).toEqual([9, 8, 7, 6]);
    // Another pace under the same key is another body.
    const other = await save(u, { score: 30, pace: [9, 8, 7, 5] }, key);
    expect(other.statusCode, other.body).toBe(422);
  });

  it('is absent for a set saved without one', async () => {
    const u = await createUser(t.app);
    const res = await save(u, { score: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('pace');
  });

  it.each([
    [{ score: 10, pace: [6, 6] }, 'pace', 'pace adds up to more reps than the score'],
    [{ score: 10, pace: [] }, 'pace', 'pace needs at least one value'],
    [{ score: 10, pace: [2.5] }, 'pace.0', 'pace values must be whole reps'],
    [{ score: 10, pace: [4, -1] }, 'pace.1', 'pace values cannot be negative'],
    [
      { score: 10, pace: Array.from({ length: 241 }, () => 0) },
      'pace',
      'pace may hold at most 240 values',
    ],
    [{ challenge: 'plank-drop', score: 60, pace: [1] }, 'pace', 'A hold has no pace'],
  ])('refuses %j with a message under %s', async (payload, field, message) => {
    const u = await createUser(t.app);
    const res = await save(u, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    const list = await t.app.inject({ url: '/api/workouts', headers: u.headers });
    expect(list.json()).toEqual([]);
  });

  it('is trimmed when an edit lowers the count, and kept when only the notes change', async () => {
    const u = await createUser(t.app);
    const id = (await save(u, { score: 30, pace: [9, 8, 7, 6] })).json<SavedWorkout>().id;
    const notes = await t.app.inject({
      method: 'PATCH',
      url: `/api/workouts/${id}`,
      headers: u.headers,
      payload: { notes: 'Felt good' },
    });
    expect(notes.json<Workout>().pace).toEqual([9, 8, 7, 6]);
    const lowered = await t.app.inject({
      method: 'PATCH',
      url: `/api/workouts/${id}`,
      headers: u.headers,
      payload: { score: 20 },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json<Workout>().pace).toEqual([9, 8, 3, 0]);
  });
});
