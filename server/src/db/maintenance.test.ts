import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, createWorkout } from '../test/factories';
import { housekeeping } from './maintenance';

const t = useTestApp();

describe('housekeeping', () => {
  it('vacuums and analyzes without error on a database in use', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 30 });
    await expect(housekeeping(t.app.db)).resolves.toBeUndefined();
    // The app still answers afterwards.
    const res = await t.app.inject({ url: '/api/stats', headers: u.headers });
    expect(res.json()).toMatchObject({ totalWorkouts: 1, totalPushups: 30 });
  });
});
