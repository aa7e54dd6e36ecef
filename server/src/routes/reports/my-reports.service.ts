import { sql } from 'drizzle-orm';
import type { MyReports } from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The entries (workout ids) and profiles (current usernames) `reporterId` has reported, open or
 * closed: the unique index of reports allows one per target for good. A report of an entry whose
 * workout was deleted went with it (on delete cascade).
 */
export async function myReports(db: Db, reporterId: number): Promise<MyReports> {
  const rows = await rowsOf<{ workout_id: number | null; username: string | null }>(
    db,
    sql`select r.target_workout_id as workout_id,
        case when r.target_workout_id is null then u.username end as username
      from reports r join users u on u.id = r.target_user_id
      where r.reporter_id = ${reporterId}
      order by r.id`,
  );
  return {
    workoutIds: rows.flatMap((r) => (r.workout_id === null ? [] : [Number(r.workout_id)])),
    usernames: rows.flatMap((r) => (r.username === null ? [] : [r.username])),
    commentIds: (
      await rowsOf<{ comment_id: number }>(
        db,
        sql`select comment_id from comment_reports where reporter_id = ${reporterId} order by comment_id`,
      )
    ).map((r) => Number(r.comment_id)),
  };
}
