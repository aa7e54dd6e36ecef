import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARD_PERIODS } from '@common/leaderboard';
import { AWAITING_REVIEW_TOP } from '@common/schemas/moderation';
import type { LeaderboardPeriod } from '@common/schemas/leaderboard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bounds } from '../leaderboard';

// The moderators' main queue (docs/decisions/0244-tiers-shown-and-reviewed.md): every recounted
// set in the top three (rank <= 3) of a global Verified board, of every open challenge, for all
// time and the current day, week and month (in UTC), until a moderator reviews or refuses it.
// Computed from the boards each time: nothing to keep in step, on any instance.

/** `(challenge, period, start, end)` of every board the queue watches, as SQL values. */
function watchedBoards(challenges: readonly string[], now: Date): SQL {
  const rows = challenges.flatMap((challenge) =>
    LEADERBOARD_PERIODS.map((period) => {
      const b = bounds(period as LeaderboardPeriod, now, 'UTC');
      return sql`(${challenge}::text, ${period}::text, ${b.startText}::timestamptz, ${b.endText}::timestamptz)`;
    }),
  );
  return sql.join(rows, sql`, `);
}

/**
 * A CTE body whose rows are (workout_id, boards): the recounted sets awaiting review, each with
 * the periods whose top three it is in.
 */
export function awaitingSets(challenges: readonly string[], now: Date): SQL {
  if (challenges.length === 0)
    return sql`select null::int as workout_id, null::text[] as boards where false`;
  return sql`select b.workout_id, array_agg(p.period order by p.period) as boards
    from (values ${watchedBoards(challenges, now)}) p(challenge, period, s, e)
    cross join lateral lb_board_verified(p.challenge, p.s, p.e, 10, null::int, null::int, null::text) b
    join workouts w on w.id = b.workout_id
    where b.rank <= ${AWAITING_REVIEW_TOP} and w.tier = 'recounted'
    group by b.workout_id`;
}

/** Which of `ids` (the member's own sets) await review now. */
export async function awaitingAmong(
  db: Db,
  ids: readonly number[],
  challenges: readonly string[],
  now: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ workout_id: number }>(
    db,
    sql`with a as (${awaitingSets(challenges, now)})
      select a.workout_id from a where a.workout_id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((r) => Number(r.workout_id)));
}
