import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARD_PERIODS } from '@common/leaderboard';
import { AWAITING_REVIEW_TOP } from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { periodRangeAt } from '../leaderboard';

// The moderators' main queue (docs/decisions/0244-tiers-shown-and-reviewed.md): every recounted
// set in the top three (rank <= 3) of a global Verified board, of every open challenge, for all
// time and the current day, week and month, until a moderator reviews or refuses it. Boards are
// read in the viewer's zone, so the queue watches the periods of every zone a board can be read in
// (docs/decisions/0277-the-review-queue-in-every-zone.md): far fewer distinct periods than zones,
// as zones sharing an offset share their periods. Computed from the boards each time: nothing to
// keep in step, on any instance.

/** Every zone a board can be read in: the runtime's IANA zones, UTC and the whole-hour Etc zones. */
function everyZone(): string[] {
  const etc = Array.from({ length: 27 }, (_, i) => i - 14)
    .filter((h) => h !== 0)
    // Etc/GMT-14 is UTC+14: the sign is POSIX's, the other way round.
    .map((h) => `Etc/GMT${h < 0 ? '-' : '+'}${Math.abs(h)}`);
  return [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), ...etc])];
}

type Span = { period: string; start: string; end: string };

/**
 * The distinct (period, start, end) of the current day, week and month over every zone, and all
 * time. Every zone's offset is a whole number of quarter hours, so no period starts or ends
 * inside a quarter hour: the list is kept for the quarter hour it was made in.
 */
let spans: { quarter: number; list: Span[] } | null = null;
const QUARTER_MS = 15 * 60_000;
export function watchedSpans(now: Date): Span[] {
  const quarter = Math.floor(now.getTime() / QUARTER_MS);
  if (spans?.quarter === quarter) return spans.list;
  const seen = new Map<string, Span>();
  const zones = everyZone();
  for (const period of LEADERBOARD_PERIODS) {
    if (period === 'all_time') {
      seen.set(period, { period, start: '-infinity', end: 'infinity' });
      continue;
    }
    for (const tz of zones) {
      const r = periodRangeAt(period, now, tz);
      const span = { period, start: r.start.toISOString(), end: r.end.toISOString() };
      seen.set(`${period}|${span.start}|${span.end}`, span);
    }
  }
  spans = { quarter, list: [...seen.values()] };
  return spans.list;
}

/** `(challenge, period, start, end)` of every board the queue watches, as SQL values. */
function watchedBoards(challenges: readonly string[], now: Date): SQL {
  const list = watchedSpans(now);
  const rows = challenges.flatMap((challenge) =>
    list.map(
      (b) =>
        sql`(${challenge}::text, ${b.period}::text, ${b.start}::timestamptz, ${b.end}::timestamptz)`,
    ),
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
  return sql`select b.workout_id, array_agg(distinct p.period order by p.period) as boards
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
