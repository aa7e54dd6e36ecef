import { sql } from 'drizzle-orm';
import type { ModerationCase } from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { buildCase } from './moderation.service';

// The moderation queue, most pressing case first, a page at a time
// (docs/decisions/0207-moderation-queue-and-moderators.md). A case's priority is the sum of its
// open reports' weights plus the reported entry's board bonus:
// - a report weighs by its reporter's account age when they sent it (under an hour 1, a day 2,
//   a week 5, older 10), plus 5 when they had saved at least 3 sets by then; a deleted reporter's 1;
// - an entry in the top 100 of its challenge's all-time board adds 101 - its rank (#1 adds 100).
// So a hundred reports from accounts minutes old, each on a different target, rank below one
// report by an established member, and a report on a top entry comes before all of them.

/** Where the next page starts: the last case's priority and its newest report's id. */
export interface QueueCursor {
  priority: number;
  lastId: number;
}

export const encodeQueueCursor = (c: QueueCursor) =>
  Buffer.from(`${c.priority}|${c.lastId}`, 'utf8').toString('base64url');

/** Null for anything this server did not make. */
export function decodeQueueCursor(raw: string): QueueCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const m = /^(\d{1,9})\|(\d{1,10})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m) return null;
  const lastId = Number(m[2]);
  return lastId >= 1 && lastId <= 2_147_483_647 ? { priority: Number(m[1]), lastId } : null;
}

/** How many places of each all-time board earn a bonus. */
export const BOARD_BONUS_TOP = 100;

/** One page of open cases, and the cursor of the next (null: none); never the viewer's own. */
export async function queuePage(
  db: Db,
  viewerId: number,
  page: { limit: number; cursor?: QueueCursor },
): Promise<{ cases: ModerationCase[]; nextCursor: string | null }> {
  const after = page.cursor
    ? sql`where (q.priority, q.last_id) < (${page.cursor.priority}::int, ${page.cursor.lastId}::int)`
    : sql``;
  const groups = await rowsOf<{
    target_user_id: number;
    target_workout_id: number | null;
    priority: number;
    last_id: number;
  }>(
    db,
    sql`with open as (
        select r.id, r.target_user_id, r.target_workout_id,
          case when u.id is null then 1 else
            case when r.created_at - u.created_at < interval '1 hour' then 1
                 when r.created_at - u.created_at < interval '1 day' then 2
                 when r.created_at - u.created_at < interval '7 days' then 5
                 else 10 end
            + case when (select count(*) from (select 1 from workouts w
                where w.user_id = u.id and w.received_at < r.created_at limit 3) x) >= 3 then 5 else 0 end
          end as weight
        from reports r left join users u on u.id = r.reporter_id
        where r.closed_at is null and r.target_user_id <> ${viewerId}::int
      ), cases as (
        select target_user_id, target_workout_id, sum(weight)::int as weight, max(id) as last_id
        from open group by target_user_id, target_workout_id
      ), top as (
        select b.workout_id, min(b.rank) as rank
        from (select distinct w.challenge from cases c join workouts w on w.id = c.target_workout_id) ch
        cross join lateral lb_board(ch.challenge, '-infinity'::timestamptz, 'infinity'::timestamptz,
          ${BOARD_BONUS_TOP}::int, null::int, null::int, null::text) b
        group by b.workout_id
      ), q as (
        select c.target_user_id, c.target_workout_id, c.last_id,
          (c.weight + coalesce(${BOARD_BONUS_TOP + 1} - t.rank, 0))::int as priority
        from cases c left join top t on t.workout_id = c.target_workout_id
      )
      select q.target_user_id, q.target_workout_id, q.priority, q.last_id from q ${after}
      order by q.priority desc, q.last_id desc limit ${page.limit + 1}::int`,
  );
  const shown = groups.slice(0, page.limit);
  const cases = await Promise.all(
    shown.map((g) => buildCase(db, { userId: g.target_user_id, workoutId: g.target_workout_id })),
  );
  const last = shown.at(-1);
  return {
    // A target gone since the read is left out (its page is one shorter).
    cases: cases.filter((c): c is ModerationCase => c !== null),
    nextCursor:
      groups.length > page.limit && last
        ? encodeQueueCursor({ priority: Number(last.priority), lastId: Number(last.last_id) })
        : null,
  };
}
