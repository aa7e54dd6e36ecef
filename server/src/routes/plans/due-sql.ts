import { sql } from 'drizzle-orm';

/** Reminders' question (the fixed interface): is a session of an active plan due by `date`? */
export const dueSql = (userId: number, date: string) =>
  sql`select exists(select 1 from plan_sessions s join plans p on p.id = s.plan_id
    where p.user_id = ${userId} and p.status = 'active' and s.done_at is null and s.due_on <= ${date}::date) as due`;
