import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Whether a session of the member's active plan is due (or overdue and not done) on their local
 * date `localDate` ("YYYY-MM-DD"). The plans module owns these tables; this is the query agreed
 * with it (docs/decisions/0234-reminders.md).
 */
export async function planSessionDue(db: Db, userId: number, localDate: string): Promise<boolean> {
  const [row] = await rowsOf<{ due: boolean }>(
    db,
    sql`
    select exists(select 1 from plan_sessions s join plans p on p.id = s.plan_id
      where p.user_id = ${userId} and p.status = 'active' and s.done_at is null and s.due_on <= ${localDate}::date) as due`,
  );
  return row?.due === true;
}
