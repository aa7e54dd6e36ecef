import { sql, type SQL } from 'drizzle-orm';
import {
  AGE_GROUPS,
  type LeaderboardEntry,
  type LeaderboardMe,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from '@common/schemas/leaderboard';
import type { Db } from '../../db/client';
import { kickPeriodFill } from './period-fill';
import { periodRange } from './period';
import { compressJson, type JsonEncoding } from '../../plugins/compression';

// Reads come from leaderboard_bests and leaderboard_counts (kept by triggers) through lb_board and
// lb_me, all defined in server/src/db/sql/leaderboard.sql; see docs/decisions/0201.

type Row = Record<string, unknown>;

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
async function rowsOf<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

interface Bounds {
  start: SQL;
  end: SQL;
  span: string;
}

// periodRange keeps one range object per (period, zone) while it holds `now`: its SQL and text
// are made once per range, not per request (they were a seventh of a cached board read's CPU).
const boundsOf = new WeakMap<object, Bounds>();
const ALL_TIME: Bounds = { start: sql`'-infinity'::timestamptz`, end: sql`'infinity'::timestamptz`, span: '-inf..inf' };

/** SQL for the period's bounds (all time is (-infinity, infinity)), and the same as text. */
function bounds(period: LeaderboardPeriod, now: Date, tz: string | undefined): Bounds {
  const range = periodRange(period, now, tz ?? 'UTC');
  const { start, end } = range;
  if (!start || !end) return ALL_TIME;
  let b = boundsOf.get(range);
  if (!b) {
    b = {
      start: sql`${start.toISOString()}::timestamptz`,
      end: sql`${end.toISOString()}::timestamptz`,
      span: `${start.toISOString()}..${end.toISOString()}`,
    };
    boundsOf.set(range, b);
  }
  return b;
}

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const isoSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface BoardArgs {
  start: SQL;
  end: SQL;
  /** The period's instants as text, for the cache key. */
  span: string;
  limit: number;
  ageMin: number | null;
  ageMax: number | null;
  gender: string | null;
  /** The board of verified workouts only (docs/decisions/1004-verified-boards.md). */
  verified: boolean;
}

/** What the board query needs, worked out once per request. */
export function boardArgs(period: LeaderboardPeriod, query: LeaderboardQuery, now: Date): BoardArgs {
  const band =
    query.ageGroup === 'all' ? undefined : AGE_GROUPS.find((g) => g.id === query.ageGroup);
  return {
    ...bounds(period, now, query.tz),
    limit: query.limit,
    ageMin: band ? band.min : null,
    ageMax: band && Number.isFinite(band.max) ? band.max : null,
    gender: query.gender === 'all' ? null : query.gender,
    verified: query.verified,
  };
}

/**
 * What makes two board requests the same: the period's instants (not the zone's name) and the
 * filters. Not the limit: the cache holds the longest board and slices it (sliceBoard), so
 * `?limit=1..500` cannot multiply its entries.
 */
export function boardKey(a: BoardArgs): string {
  return [a.span, a.ageMin, a.ageMax, a.gender, a.verified ? 'verified' : 'all'].join('|');
}

/** A board's JSON text, with where each entry ends, so any prefix is sent without re-encoding. */
export interface BoardText {
  json: string;
  /** ends[i]: the offset just after entry i in `json`. */
  ends: number[];
  /** Encoded slices made so far, by `${limit}:${encoding}` (boardBytes). */
  compressed?: Map<string, Buffer>;
}

/** At most this many compressed slices per cached board (a few limits are common: 100, 20, 10). */
const COMPRESSED_PER_BOARD = 8;

/**
 * The first `limit` entries as bytes, as they are (`identity`) or compressed, made once per board,
 * limit and encoding: the board is cached as it is read by everyone, so encoding it on every
 * request would redo the same work (brotli: about 0.1-0.2 ms per 17 KB; UTF-8: a copy of it).
 */
export function boardBytes(board: BoardText, limit: number, encoding: JsonEncoding | 'identity'): Buffer {
  const key = `${Math.min(limit, board.ends.length)}:${encoding}`;
  board.compressed ??= new Map();
  let bytes = board.compressed.get(key);
  if (!bytes) {
    const text = sliceBoard(board, limit);
    bytes = encoding === 'identity' ? Buffer.from(text) : compressJson(text, encoding);
    board.compressed.set(key, bytes);
    if (board.compressed.size > COMPRESSED_PER_BOARD) {
      board.compressed.delete(board.compressed.keys().next().value!);
    }
  }
  return bytes;
}

export function toBoardText(entriesJson: string): BoardText {
  const entries = JSON.parse(entriesJson) as unknown[];
  const ends: number[] = [];
  let json = '[';
  entries.forEach((e, i) => {
    json += (i === 0 ? '' : ',') + JSON.stringify(e);
    ends.push(json.length);
  });
  return { json: json + ']', ends };
}

/** The first `limit` entries as JSON text. */
export function sliceBoard(board: BoardText, limit: number): string {
  if (limit >= board.ends.length) return board.json;
  return limit <= 0 ? '[]' : `${board.json.slice(0, board.ends[limit - 1])}]`;
}

// Whether a registered period still waits for its fill (period-fill.ts); asked in the read's own
// statement, after the function that may have registered one, so it costs no round trip.
const pending = sql`lb_fill_pending()`;

/** The board as the JSON text of its entries, ready to send; filling: its period is still being built. */
export async function getBoardJson(db: Db, a: BoardArgs): Promise<{ body: string; filling: boolean }> {
  // lb_board (server/src/db/sql/leaderboard.sql) registers the period if needed and walks its board index until
  // `limit` rows pass the filters; ranks count everyone in the period (docs/product.md#leaderboard-filters). The entries
  // come back as one JSON text: decoding hundreds of column values costs more than the query
  // (notably on PGlite). Only these keys leave.
  const [row] = await rowsOf<{ body: string; pending: boolean; filling: boolean }>(
    db,
    sql`select ${pending} as pending, lb_filling(${a.start}, ${a.end}) as filling,
          coalesce(json_agg(json_build_object(
              'id', f.workout_id, 'username', f.username, 'rank', f.rank, 'pushups', f.pushups,
              'createdAt', ${isoSql(sql`f.created_at`)}, 'age', f.age, 'gender', f.gender,
              'profilePicture', f.profile_picture, 'verified', f.verified) order by f.ordinality), '[]')::text as body
        from ${a.verified ? sql`lb_board_verified` : sql`lb_board`}(${a.start}, ${a.end}, ${a.limit}::int, ${a.ageMin}::int, ${a.ageMax}::int, ${a.gender}::text)
             with ordinality f`,
  );
  if (row!.pending) kickPeriodFill(db);
  return { body: row!.body, filling: row!.filling };
}

export async function getBoard(
  db: Db,
  period: LeaderboardPeriod,
  query: LeaderboardQuery,
  now: Date,
): Promise<LeaderboardEntry[]> {
  return JSON.parse((await getBoardJson(db, boardArgs(period, query, now))).body) as LeaderboardEntry[];
}

interface MeRow extends Row {
  workout_id: number;
  rank: number | string;
  pushups: number;
  created_at: Date | string;
}

/** The user's overall rank and best in the period, or null when they have no workout in it. */
export async function getMyStanding(
  db: Db,
  userId: number,
  period: LeaderboardPeriod,
  tz: string | undefined,
  now: Date,
  verified = false,
): Promise<LeaderboardMe> {
  const b = bounds(period, now, tz);
  const fn = verified ? sql`lb_me_verified` : sql`lb_me`;
  const [r] = await rowsOf<MeRow & { pending: boolean }>(
    db,
    sql`select ${pending} as pending, m.* from (select 1) one left join ${fn}(${b.start}, ${b.end}, ${userId}::int) m on true`,
  );
  if (r?.pending) kickPeriodFill(db);
  if (!r || r.workout_id === null) return null;
  return {
    rank: Number(r.rank),
    pushups: Number(r.pushups),
    id: Number(r.workout_id),
    createdAt: iso(r.created_at),
  };
}
