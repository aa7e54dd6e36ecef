import { sql, type SQL } from 'drizzle-orm';
import type {
  LeaderboardMe,
  LeaderboardPeriod,
  LeaderboardQuery,
} from '@common/schemas/leaderboard';
import { rowsOf, type Db } from '../../db/client';
import { scoreFieldOf } from '../../lib/score-answers';
import { bounds, standingOf, type BoardArgs, type MeRow } from './leaderboard.service';

/**
 * A board over a set of members: the global board's bests (per challenge, period, filters and
 * Verified only), joined on the set, ranked among its members alone. The SQL is lb_set_board and
 * lb_set_me (section 10 of server/src/db/sql/leaderboard.sql); docs/decisions/0160-member-set-boards.md.
 *
 * The set is an SQL expression of type integer[] evaluated in the same statement as the read, so a
 * set of thousands never travels through the server: `following(userId)` (./following-members.ts),
 * a club's members, or `memberIds([...])`. Everyone in it is on the board (private or not): the
 * expression leaves out whoever must not be shown.
 */
export type MemberSet = SQL;

/** A set given by its ids (tests, small sets). */
export function memberIds(ids: readonly number[]): MemberSet {
  const list = ids.map((id) => {
    if (!Number.isSafeInteger(id)) throw new TypeError(`not a member id: ${id}`);
    return id;
  });
  return sql`${`{${list.join(',')}}`}::int[]`;
}

/**
 * The set's board as lb_entry_json texts, one per line in board order (toBoardText in
 * ./leaderboard.service.ts joins them), and whether some period waits for its fill (then the
 * caller kicks it: ./period-fill.ts).
 */
export async function getMemberSetBoardJson(
  db: Db,
  a: BoardArgs,
  members: MemberSet,
): Promise<{ entries: string; pending: boolean }> {
  const field = scoreFieldOf(a.challenge);
  const [row] = await rowsOf<{ entries: string; pending: boolean }>(
    db,
    sql`select lb_fill_pending() as pending,
      coalesce(string_agg(lb_entry_json(f.workout_id, f.username, f.rank, f.score, f.created_at,
        f.age, f.gender, f.profile_picture, f.verified, ${field}::text is not null, f.capped, ${field}::text), E'\\n' order by f.n), '') as entries
      from lb_set_board(${a.challenge}::text, ${a.startText}::timestamptz, ${a.endText}::timestamptz,
        ${a.limit}::int, ${a.ageMin}::int, ${a.ageMax}::int, ${a.gender}::text, ${a.verified}::boolean,
        ${members}) f`,
  );
  return { entries: row!.entries, pending: row!.pending };
}

/**
 * `userId`'s best in the period and rank on the set's board, or null when they have no set in it.
 * They need not be in the set: the rank is then where they would stand in it.
 */
export async function getMemberSetStanding(
  db: Db,
  userId: number,
  period: LeaderboardPeriod,
  query: Pick<LeaderboardQuery, 'tz' | 'verified' | 'challenge'>,
  now: Date,
  members: MemberSet,
): Promise<{ me: LeaderboardMe; pending: boolean }> {
  const b = bounds(period, now, query.tz);
  const [r] = await rowsOf<MeRow & { pending: boolean }>(
    db,
    sql`select lb_fill_pending() as pending, m.* from (select 1) one
      left join lb_set_me(${query.challenge}::text, ${b.startText}::timestamptz, ${b.endText}::timestamptz,
        ${query.verified}::boolean, ${members}, ${userId}::int) m on true`,
  );
  return { me: standingOf(r, query.challenge), pending: r?.pending ?? false };
}
