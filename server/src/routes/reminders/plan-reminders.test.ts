import { sql } from 'drizzle-orm';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createUser } from '../../test/factories';
import { useInstances } from '../../test/reminder-instances';

// The plan's days: rows of the plans module's tables (plans, plan_sessions) written directly, with
// what their checks require and what the query of plan-due.ts reads.

const { smtp, push, t } = await useInstances();

async function insertPlan(userId: number, dueOn: string[], status = 'active') {
  const [plan] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into plans (user_id, challenge, status, days, placed_by, start_on)
      values (${userId}, ${DEFAULT_CHALLENGE}, ${status}, '{1,3,5}', 20, ${dueOn[0] ?? '2026-03-01'}::date) returning id`,
  );
  const planId = plan!.id;
  for (const [i, day] of dueOn.entries())
    await t.database.db.execute(
      sql`insert into plan_sessions (plan_id, week, slot, kind, due_on)
        values (${planId}, ${1 + Math.floor(i / 3)}, ${1 + (i % 3)}, 'session', ${day}::date)`,
    );
  return planId;
}

async function planMember(timeZone: string) {
  t.clock.now = new Date('2026-03-06T12:00:00Z');
  const u = await createUser(t.a, { timeZone, emailConfirmedAt: new Date('2026-01-01T00:00:00Z') });
  const put = await t.a.inject({
    method: 'PUT',
    url: '/api/reminders',
    headers: u.headers,
    payload: { planDays: true, weeklyGoal: true, time: '18:00', email: true, push: true },
  });
  expect(put.statusCode).toBe(200);
  const sub = push.subscribe();
  await t.a.inject({
    method: 'POST',
    url: '/api/reminders/push-subscriptions',
    headers: u.headers,
    payload: { endpoint: sub.endpoint, keys: sub.keys },
  });
  return { ...u, sub };
}

async function runBoth(at: string) {
  t.clock.now = new Date(at);
  const [x, y] = await Promise.all([t.a.reminders.run(), t.b.reminders.run()]);
  await Promise.all([t.a.mail.worker!.drain(), t.b.mail.worker!.drain()]);
  await Promise.all([t.a.mail.worker!.idle(), t.b.mail.worker!.idle()]);
  return x + y;
}

describe('plan reminders (enable at merge: needs the plans tables)', () => {
  it("remind of the plan's session on its days across a DST change (America/New_York, 2026-03-07 -> 03-08), once, opening /plans/today", async () => {
    const m = await planMember('America/New_York');
    await insertPlan(m.id, ['2026-03-07', '2026-03-08']);
    // Saturday 18:00 EST is 23:00Z.
    expect(await runBoth('2026-03-07T22:59:00Z')).toBe(0);
    expect(await runBoth('2026-03-07T23:00:00Z')).toBe(1);
    // Sunday: clocks went forward; 18:00 EDT is 22:00Z.
    expect(await runBoth('2026-03-08T22:00:00Z')).toBe(1);
    expect(await runBoth('2026-03-08T23:00:00Z')).toBe(0);
    const pushes = push.to(m.sub.id).map((r) => JSON.parse(r.text) as { url: string; tag: string });
    expect(pushes).toEqual([
      expect.objectContaining({ url: '/plans/today', tag: 'fitbench-reminder-plan' }),
      expect.objectContaining({ url: '/plans/today', tag: 'fitbench-reminder-plan' }),
    ]);
    const mails = smtp.to(m.email);
    expect(mails.map((x) => x.subject)).toEqual([
      "Today's session is waiting - FitBench",
      "Today's session is waiting - FitBench",
    ]);
    expect(mails[0]!.text).toContain('https://fitbench.test/plans/today');
  });

  it('no reminder when the due session is done or the plan is paused', async () => {
    const m = await planMember('Europe/Berlin');
    const planId = await insertPlan(m.id, ['2026-03-28']);
    await t.database.db.execute(
      sql`update plan_sessions set done_at = now() where plan_id = ${planId}`,
    );
    const paused = await planMember('Europe/Berlin');
    await insertPlan(paused.id, ['2026-03-28'], 'paused');
    // Saturday 2026-03-28 18:00 CET is 17:00Z; the weekly goal (Saturday) may still remind, not the plan.
    await runBoth('2026-03-28T17:00:00Z');
    for (const who of [m, paused])
      expect(push.to(who.sub.id).map((r) => JSON.parse(r.text).url)).not.toContain('/plans/today');
  });
});
