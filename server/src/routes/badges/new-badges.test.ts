import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import type { SavedWorkout } from '@common/schemas/workouts';
import { memberBadges, workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';

// The badges a save answers, the set-based trigger on a statement of many sets, and migration
// 0038's backfill (docs/decisions/0267-badges-set-based-and-backfilled.md).
const t = useTestApp();

function save(user: MadeUser, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { pushups: 20, ...body },
  });
}

const held = (userId: number) =>
  t.app.db
    .select({
      badge: memberBadges.badge,
      subject: memberBadges.subject,
      earnedAt: memberBadges.earnedAt,
      workoutId: memberBadges.workoutId,
    })
    .from(memberBadges)
    .where(eq(memberBadges.userId, userId))
    .orderBy(asc(memberBadges.badge), asc(memberBadges.subject));

// The backfill is the migration's last statement.
const migration = fs.readFileSync(
  fileURLToPath(new URL('../../db/migrations/0038_get-better.sql', import.meta.url)),
  'utf8',
);
const backfill = migration.split('--> statement-breakpoint').at(-1)!;

describe('the badges a save earned', () => {
  it('answers newBadges: the first set, then a new best, then none; a replay answers the same', async () => {
    const u = await createUser(t.app);
    const key = randomUUID();
    const first = await save(u, { pushups: 20 }, key);
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json() as SavedWorkout;
    expect(a.newBadges?.filter((b) => b.kind !== 'top-ten')).toEqual([
      { kind: 'first-set', challenge: DEFAULT_CHALLENGE, earnedAt: expect.any(String) },
    ]);
    const again = (await save(u, { pushups: 20 }, key)).json() as SavedWorkout;
    expect(again.newBadges).toEqual(a.newBadges);
    const best = (await save(u, { pushups: 25 })).json() as SavedWorkout;
    // (top-ten too when the suite's board is short.)
    expect(best.newBadges?.map((b) => b.kind).filter((k) => k !== 'top-ten')).toEqual(['new-best']);
    const plain = (await save(u, { pushups: 10 })).json() as SavedWorkout;
    expect(plain.newBadges?.filter((b) => b.kind !== 'top-ten')).toEqual([]);
  });

  it('earns each badge once from a statement of many sets: the new best is the statement best', async () => {
    const u = await createUser(t.app);
    const at = t.app.now();
    const rows = await t.app.db
      .insert(workouts)
      .values(
        [10, 12, 12, 30].map((score, i) => ({
          userId: u.id,
          score,
          createdAt: at,
          receivedAt: new Date(at.getTime() + i * 1000),
        })),
      )
      .returning({ id: workouts.id });
    const ids = rows.map((r) => r.id).sort((x, y) => x - y);
    // The member is on the board: its trigger keeps the statement's best only (as the row-by-row
    // trigger before it judged a statement's sets).
    const badges = (await held(u.id)).filter((b) => b.badge !== 'top-ten');
    expect(badges.map((b) => [b.badge, b.workoutId])).toEqual([
      ['first-set', ids[0]],
      ['new-best', ids[3]],
    ]);
    expect(badges.map((b) => b.earnedAt.getTime())).toEqual([at.getTime(), at.getTime() + 3000]);
  });
});

describe("migration 0038's backfill", () => {
  it('earns what sets saved before badges would have earned, once, dated when the set was received', async () => {
    const u = await createUser(t.app);
    const at = t.app.now().getTime();
    const values = [15, 18, 16].map((score, i) => ({
      userId: u.id,
      score,
      createdAt: new Date(at - (3 - i) * 3_600_000),
      receivedAt: new Date(at - (3 - i) * 3_600_000 + 5000),
    }));
    const ids: number[] = [];
    for (const v of values)
      ids.push((await t.app.db.insert(workouts).values(v).returning())[0]!.id);
    const earned = await held(u.id);
    // As if the sets had come before badges existed.
    await t.app.db.delete(memberBadges).where(eq(memberBadges.userId, u.id));
    await t.app.db.execute(sql.raw(backfill));
    const filled = (await held(u.id)).filter((b) => b.badge !== 'top-ten');
    expect(filled.map((b) => [b.badge, b.subject, b.workoutId])).toEqual([
      ['first-set', DEFAULT_CHALLENGE, ids[0]],
      ['new-best', DEFAULT_CHALLENGE, ids[1]],
    ]);
    expect(filled.map((b) => b.earnedAt.getTime())).toEqual([
      values[0]!.receivedAt.getTime(),
      values[1]!.receivedAt.getTime(),
    ]);
    expect(filled.map((b) => b.badge)).toEqual(
      earned.map((b) => b.badge).filter((b) => b !== 'top-ten'),
    );
    // Run again: nothing earned twice, nothing moved.
    const all = await held(u.id);
    await t.app.db.execute(sql.raw(backfill));
    expect(await held(u.id)).toEqual(all);
  });

  it('backfills the 4-week streak when four weeks in a row met the goal', async () => {
    const u = await createUser(t.app);
    const week = 7 * 86_400_000;
    const now = t.app.now().getTime();
    // weekly goal 3 by default: three days in each of four weeks, long ago.
    const start = Date.UTC(2026, 0, 4, 12); // a Sunday
    expect(start).toBeLessThan(now);
    for (let w = 0; w < 4; w++)
      for (let d = 0; d < 3; d++) {
        const when = new Date(start + w * week + d * 86_400_000);
        await t.app.db
          .insert(workouts)
          .values({ userId: u.id, score: 10, createdAt: when, receivedAt: when });
      }
    await t.app.db
      .delete(memberBadges)
      .where(and(eq(memberBadges.userId, u.id), eq(memberBadges.badge, 'week-streak-4')));
    await t.app.db.execute(sql.raw(backfill));
    const streak = (await held(u.id)).find((b) => b.badge === 'week-streak-4');
    // Met when the fourth week's third day was reached.
    expect(streak?.earnedAt.getTime()).toBe(start + 3 * week + 2 * 86_400_000);
  });
});
