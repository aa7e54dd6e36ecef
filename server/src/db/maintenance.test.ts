import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './client';
import { useTestApp } from '../test/app';
import { createUser, createWorkout } from '../test/factories';
import { rateLimits } from './schema';
import { housekeeping, scheduleHousekeeping } from './maintenance';

const t = useTestApp();

/** How many times each table was vacuumed (manual VACUUM counts in vacuum_count). */
async function vacuums(): Promise<Record<string, number>> {
  const rows = await rowsOf<{ relname: string; n: number }>(
    t.app.db,
    sql`select relname, vacuum_count::int as n from pg_stat_user_tables where relname in ('avatars', 'sessions', 'rate_limits')`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
}

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('housekeeping', () => {
  it('vacuums and analyzes without error on a database in use', async () => {
    const u = await createUser(t.app);
    await createWorkout(t.app, u.id, { pushups: 30 });
    await expect(housekeeping(t.app.db)).resolves.toBeUndefined();
    // The app still answers afterwards.
    const res = await t.app.inject({ url: '/api/stats', headers: u.headers });
    expect(res.json()).toMatchObject({ totalWorkouts: 1, totalPushups: 30 });
  });

  it('on a schedule: sweeps expired rows, and vacuums the pictures and hot tables only when asked (PGlite)', async () => {
    const now = new Date();
    await t.app.db
      .insert(rateLimits)
      .values({ key: 'sched-old', count: 1, resetAt: new Date(now.getTime() - 1000) });
    const before = await vacuums();
    const errors: unknown[] = [];
    // As on PostgreSQL (autovacuum does it): sweep only.
    const stopSweep = scheduleHousekeeping(t.app.db, 20, (e) => errors.push(e), { vacuum: false });
    await waitFor(async () =>
      (await t.app.db.select().from(rateLimits)).every((r) => r.key !== 'sched-old'),
    );
    stopSweep();
    expect((await t.app.db.select().from(rateLimits)).map((r) => r.key)).not.toContain('sched-old');
    expect(await vacuums()).toEqual(before);
    // As on PGlite: sweep, then vacuum.
    const stop = scheduleHousekeeping(t.app.db, 20, (e) => errors.push(e), { vacuum: true });
    await waitFor(async () => (await vacuums()).avatars! > before.avatars!);
    stop();
    expect(errors).toEqual([]);
    const after = await vacuums();
    for (const table of ['avatars', 'sessions', 'rate_limits'])
      expect(after[table], table).toBeGreaterThan(before[table]!);
  });
});
