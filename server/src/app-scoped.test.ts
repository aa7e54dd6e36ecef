import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { openTestDatabase } from './test/db';

// The state that matters lives in each app, not in the process (the modules' *.plugin.ts): two apps
// on one database share no fill, zones, board reads or save queue, so closing one stops nothing of
// the other's. (With state kept per database in module WeakMaps, closing the first app stopped the
// second's background fill for good.)
describe('app-scoped state', () => {
  let database: Database;
  afterAll(async () => database?.close());

  it('two apps in one process share nothing by accident', async () => {
    database = await openTestDatabase();
    const a = await buildApp({ db: database.db });
    const b = await buildApp({ db: database.db });
    await a.ready();
    await b.ready();
    expect(a.periodFill).not.toBe(b.periodFill);
    expect(a.periodsAhead).not.toBe(b.periodsAhead);
    expect(a.boardReads).not.toBe(b.boardReads);
    expect(a.saveQueue).not.toBe(b.saveQueue);
    expect(a.clipProbes).not.toBe(b.clipProbes);

    await a.close();
    // A new period asked for on the app still open is filled in its background.
    const res = await b.inject({ url: '/api/leaderboard/week?tz=Asia/Kathmandu' });
    expect(res.statusCode).toBe(200);
    const pending = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as n from leaderboard_periods where fill_cursor is not null`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    for (let waited = 0; (await pending()) > 0 && waited < 10_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(await pending()).toBe(0);
    await b.close();
  });
});
