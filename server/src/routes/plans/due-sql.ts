import { sql } from 'drizzle-orm';

/** Reminders' question (the fixed interface): is a session of an active plan due by `date`? */
export const dueSql = (userId: number, date: string) =>
  sql`select exists(select 1 from plan_sessions s join plans p on p.id = s.plan_id
    where p.user_id = ${userId} and p.status = 'active' and s.done_at is null and s.due_on <= ${date}::date) as due`;

/** Whether the plan's session was recorded with `key`: a resend of that record (0312). */
export const recordedWithSql = (planId: number, sessionId: number, key: string) =>
  sql`select exists(select 1 from plan_sessions
    where id = ${sessionId} and plan_id = ${planId} and idempotency_key = ${key}) as recorded`;
