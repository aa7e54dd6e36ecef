import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { descIndexed } from './order';
import { rowsOf } from './rows';
import { workouts } from './schema';

// A member's newest sets, as the history list asks for them (routes/workouts/workout-list.ts):
// ordered as the index is, the page is read from workouts_user_created_idx with no sort; a plain
// DESC (NULLS FIRST) sorts every set of the member (./order.ts).
const t = useTestApp();

async function planOf(order: SQL[]) {
  const q = t.app.db
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(eq(workouts.userId, memberId)))
    .orderBy(...order)
    .limit(20)
    .toSQL();
  const text = q.sql.replace('$1', String(memberId)).replace('$2', '20');
  const rows = await rowsOf<{ 'QUERY PLAN': string }>(t.app.db, sql.raw(`explain ${text}`));
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
let memberId = 0;

describe('newest first in the index order', () => {
  it('reads a page of a member with many sets from the index, where a plain desc sorts', async () => {
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await createUser(t.app));
    memberId = members[0]!.id;
    await t.app.db.execute(sql`insert into workouts (user_id, score, created_at, received_at)
      select ${sql.raw(`(array[${members.map((m) => m.id).join(',')}])`)}[1 + g % 5], 20,
        now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 4000) g`);
    await t.app.db.execute(sql`analyze workouts`);
    const indexed = await planOf([descIndexed(workouts.createdAt), descIndexed(workouts.id)]);
    expect(indexed).toContain('workouts_user_created_idx');
    expect(indexed).not.toMatch(/\bSort\b/);
    const plain = await planOf([desc(workouts.createdAt), desc(workouts.id)]);
    expect(plain).toMatch(/\bSort\b/);
  });
});
