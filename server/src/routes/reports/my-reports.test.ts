import { describe, expect, it } from 'vitest';
import type { MyReports } from '@common/schemas/moderation';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// GET /api/reports/mine: what the member reported, so that their screens say "Reported" instead
// of opening the form again (client/src/features/reports/components/report-button.tsx).
const t = useTestApp();

const report = (by: MadeUser, target: object, reason = 'spam') =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: by.headers,
    payload: { target, reason },
  });
const mine = (by: MadeUser) => t.app.inject({ url: '/api/reports/mine', headers: by.headers });

describe('GET /api/reports/mine', () => {
  it("lists the member's own reports, entries by workout id and profiles by their current name", async () => {
    const owner = await createUser(t.app);
    const w1 = await createWorkout(t.app, owner.id, { pushups: 70 });
    const w2 = await createWorkout(t.app, owner.id, { pushups: 71 });
    const reporter = await createUser(t.app);
    const other = await createUser(t.app);

    const empty = await mine(reporter);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.json()).toEqual({ workoutIds: [], usernames: [], commentIds: [] });

    expect((await report(reporter, { kind: 'workout', workoutId: w1.id })).statusCode).toBe(201);
    expect(
      (await report(reporter, { kind: 'member', username: owner.username.toUpperCase() }))
        .statusCode,
    ).toBe(201);
    expect((await report(other, { kind: 'workout', workoutId: w2.id })).statusCode).toBe(201);

    const listed = (await mine(reporter)).json() as MyReports;
    // The profile by its stored spelling, whatever case the report used; another member's report is not here.
    expect(listed).toEqual({ workoutIds: [w1.id], usernames: [owner.username], commentIds: [] });
    expect(((await mine(other)).json() as MyReports).workoutIds).toEqual([w2.id]);
    expect((await mine(owner)).json()).toEqual({ workoutIds: [], usernames: [], commentIds: [] });

    // A deleted set takes its report with it: nothing left to show as reported.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/workouts/${w1.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(((await mine(reporter)).json() as MyReports).workoutIds).toEqual([]);
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ url: '/api/reports/mine' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
