import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { FILL_BATCH, fillPeriods, firstStepSize } from './period-fill';

// The background off: this test runs the fill itself, on the real database, and watches the size
// each step asks for (docs/decisions/0073-first-board-of-a-period.md).
const t = useTestApp({ periodFillBatch: 0 });

describe('the steps of a fill', () => {
  it("start each period at the smallest size, whatever the last period's steps grew to", async () => {
    for (let i = 0; i < 60; i++) await createUser(t.app, { username: `steps${i}` });
    // Two days nobody asked for yet: registered unfilled, in this order.
    for (const day of ['2026-06-16', '2026-06-17'])
      await t.app.db.execute(
        sql`select lb_period('pushup-90', ${`${day}T00:00:00Z`}::timestamptz, ${`${day}T00:00:00Z`}::timestamptz + interval '1 day')`,
      );
    // Every lb_fill_period the fill runs, as (period, size): the statement's two numbers.
    const steps: [number, number][] = [];
    const db = t.app.db;
    const watched = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (query: SQL) => {
          const numbers = query.queryChunks.filter((c): c is number => typeof c === 'number');
          if (
            query.queryChunks.some((c) =>
              String((c as { value?: unknown }).value ?? '').includes('lb_fill_period'),
            )
          )
            steps.push([numbers[0]!, numbers[1]!]);
          return target.execute(query);
        };
      },
    }) as Db;
    await fillPeriods(watched, FILL_BATCH);

    const periods = [...new Set(steps.map(([id]) => id))];
    expect(periods.length).toBeGreaterThanOrEqual(2);
    for (const id of periods) {
      const sizes = steps.filter(([p]) => p === id).map(([, size]) => size);
      expect(sizes[0], `period ${id}: ${sizes.join(', ')}`).toBe(firstStepSize(FILL_BATCH));
    }
    // The first period's steps grew past the first size, so the second period's start is a reset.
    const first = steps.filter(([p]) => p === periods[0]).map(([, size]) => size);
    expect(Math.max(...first)).toBeGreaterThan(firstStepSize(FILL_BATCH));
    const [left] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from leaderboard_periods where fill_cursor is not null`,
    );
    expect(left!.n).toBe(0);
  });
});
