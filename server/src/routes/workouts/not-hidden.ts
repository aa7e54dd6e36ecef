import { sql } from 'drizzle-orm';

/**
 * Whether no moderator hid the set `id`. A hidden set stays in its member's lists, marked, and
 * counts in no figure: no best, total, last set, weekly goal or streak, for its member as for
 * everyone (docs/decisions/0183-hidden-sets-count-for-nothing.md).
 */
export const notHidden = (id: unknown) =>
  sql`not exists (select 1 from hidden_workouts h where h.workout_id = ${id})`;
