import { sql, type SQL } from 'drizzle-orm';
import {
  AGE_GROUPS,
  type LeaderboardEntry,
  type LeaderboardMe,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from '@common/schemas/leaderboard';
import type { Db } from '../../db/client';
import { periodRange } from './period';

// Reads come from leaderboard_bests (one row per user and period, kept by triggers; see
// migration 0002 and docs/decisions/0201). A period is registered the first time anyone asks.

type Row = Record<string, unknown>;

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
async function rowsOf<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** SQL for the period's bounds; all time is (-infinity, infinity). */
function bounds(period: LeaderboardPeriod, now: Date, tz: string | undefined) {
  const { start, end } = periodRange(period, now, tz ?? 'UTC');
  return {
    start: start ? sql`${start.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`,
    end: end ? sql`${end.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`,
  };
}

/**
 * Runs a query whose first column says whether the period is registered; if not, registers it
 * (filling its summary) and runs the query again. The common case is one round trip.
 */
async function withPeriod<T extends Row>(
  db: Db,
  b: { start: SQL; end: SQL },
  query: (periodId: SQL) => SQL,
): Promise<T[]> {
  const lookup = sql`(select id from leaderboard_periods where starts_at = ${b.start} and ends_at = ${b.end})`;
  const rows = await rowsOf<T & { period_id: number | null }>(db, query(lookup));
  if (rows[0]?.period_id != null) return rows;
  // A separate statement: a query does not see rows written by a function it calls.
  const [reg] = await rowsOf<{ id: number }>(db, sql`select lb_period(${b.start}, ${b.end}) as id`);
  return rowsOf<T>(db, query(sql`${Number(reg!.id)}::int`));
}

interface BoardRow extends Row {
  period_id: number | null;
  workout_id: number | null;
  user_id: number;
  username: string;
  pushups: number;
  created_at: Date | string;
  age: number | null;
  gender: string | null;
  profile_picture: string | null;
  rank: number | string;
}

export async function getBoard(
  db: Db,
  period: LeaderboardPeriod,
  query: LeaderboardQuery,
  now: Date,
): Promise<LeaderboardEntry[]> {
  const filters: SQL[] = [];
  if (query.ageGroup !== 'all') {
    const g = AGE_GROUPS.find((a) => a.id === query.ageGroup)!;
    filters.push(Number.isFinite(g.max) ? sql`s.age between ${g.min} and ${g.max}` : sql`s.age >= ${g.min}`);
  }
  if (query.gender !== 'all') filters.push(sql`s.gender = ${query.gender}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  // The window ranks every user in the period (filters must not change rank, decision 7) but
  // is evaluated lazily: the walk down the board index stops once `limit` rows pass the filters.
  const rows = await withPeriod<BoardRow>(db, bounds(period, now, query.tz), (pid) => sql`
    select p.id as period_id, t.*
    from (select ${pid} as id) p
    left join lateral (
      select s.workout_id, s.user_id, s.pushups, s.created_at, s.age, s.gender, s.rank,
             u.username, u.profile_picture
      from (
        select s.* from (
          select b.workout_id, b.user_id, b.pushups, b.created_at, b.age, b.gender,
                 rank() over (order by b.pushups desc nulls last) as rank
          from leaderboard_bests b
          where b.period_id = p.id
          order by b.pushups desc nulls last, b.created_at, b.workout_id
        ) s
        ${where}
        limit ${query.limit}
      ) s
      join users u on u.id = s.user_id
    ) t on true
    order by t.pushups desc nulls last, t.created_at, t.workout_id`);

  return rows
    .filter((r) => r.workout_id != null)
    .map((r) => ({
      id: Number(r.workout_id),
      username: r.username,
      rank: Number(r.rank),
      pushups: Number(r.pushups),
      createdAt: iso(r.created_at),
      age: r.age === null ? null : Number(r.age),
      gender: r.gender,
      profilePicture: r.profile_picture,
    }));
}

interface MeRow extends Row {
  period_id: number | null;
  workout_id: number | null;
  pushups: number;
  created_at: Date | string;
  rank: number | string;
}

/** The user's overall rank and best in the period, or null when they have no workout in it. */
export async function getMyStanding(
  db: Db,
  userId: number,
  period: LeaderboardPeriod,
  tz: string | undefined,
  now: Date,
): Promise<LeaderboardMe> {
  const rows = await withPeriod<MeRow>(db, bounds(period, now, tz), (pid) => sql`
    select p.id as period_id, m.*
    from (select ${pid} as id) p
    left join lateral (
      select b.workout_id, b.pushups, b.created_at,
             1 + (select count(*) from leaderboard_bests o
                  where o.period_id = b.period_id and o.pushups > b.pushups) as rank
      from leaderboard_bests b
      where b.user_id = ${userId} and b.period_id = p.id
    ) m on true`);
  const r = rows[0];
  if (!r || r.workout_id == null) return null;
  return { rank: Number(r.rank), pushups: Number(r.pushups), id: Number(r.workout_id), createdAt: iso(r.created_at) };
}
