import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import {
  AGE_GROUPS,
  type LeaderboardEntry,
  type LeaderboardMe,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from '@common/schemas/leaderboard';
import { preparedRows, rowsOf, type Db } from '../../db/client';
import { scoreExtras, scoreFieldOf } from '../../lib/score-answers';
import { periodRange } from './period';
import { compressJson, type JsonEncoding } from '../../plugins/compression';

// Reads come from leaderboard_bests and leaderboard_counts (kept by triggers) through lb_board and
// lb_me, all defined in server/src/db/sql/leaderboard.sql; see docs/decisions/0057 (the file) and
// docs/decisions/0076 (the reads).

type Row = Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

interface Bounds {
  start: SQL;
  end: SQL;
  /** The same instants as text (statement values). */
  startText: string;
  endText: string;
  /** Both, for the cache key. */
  span: string;
}

// periodRange keeps one range object per (period, zone) while it holds `now`: its SQL and text
// are made once per range, not per request (they were a seventh of a cached board read's CPU).
const boundsOf = new WeakMap<object, Bounds>();
const ALL_TIME: Bounds = {
  start: sql`'-infinity'::timestamptz`,
  end: sql`'infinity'::timestamptz`,
  startText: '-infinity',
  endText: 'infinity',
  span: '-inf..inf',
};

/** SQL for the period's bounds (all time is (-infinity, infinity)), and the same as text. */
export function bounds(period: LeaderboardPeriod, now: Date, tz: string | undefined): Bounds {
  const range = periodRange(period, now, tz ?? 'UTC');
  const { start, end } = range;
  if (!start || !end) return ALL_TIME;
  let b = boundsOf.get(range);
  if (!b) {
    const startText = start.toISOString();
    const endText = end.toISOString();
    b = {
      start: sql`${startText}::timestamptz`,
      end: sql`${endText}::timestamptz`,
      startText,
      endText,
      span: `${startText}..${endText}`,
    };
    boundsOf.set(range, b);
  }
  return b;
}

export interface BoardArgs extends Bounds {
  /** The challenge whose board this is (an open catalogue id). */
  challenge: string;
  limit: number;
  ageMin: number | null;
  ageMax: number | null;
  gender: string | null;
  /** The board of verified workouts only (docs/decisions/0052-verified-boards.md). */
  verified: boolean;
}

/** What the board query needs, worked out once per request. */
export function boardArgs(
  period: LeaderboardPeriod,
  query: LeaderboardQuery,
  now: Date,
): BoardArgs {
  const band =
    query.ageGroup === 'all' ? undefined : AGE_GROUPS.find((g) => g.id === query.ageGroup);
  const b = bounds(period, now, query.tz);
  // Property by property: a spread of the bounds followed by more keys took V8's slow path,
  // 8-12 µs a request on the hottest public read (a tenth of its time; docs/decisions/0188).
  return {
    start: b.start,
    end: b.end,
    startText: b.startText,
    endText: b.endText,
    span: b.span,
    challenge: query.challenge,
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
  return [a.challenge, a.span, a.ageMin, a.ageMax, a.gender, a.verified ? 'verified' : 'all'].join(
    '|',
  );
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
 * limit and encoding: the board is cached, or its read shared, by everyone asking for it, so
 * encoding it on every request would redo the same work (brotli: CPU per board, measured by npm run
 * bench, see docs/benchmarks.md; UTF-8: a copy of it). `fast`: a board that is not kept (the cache off) is compressed at the lowest level.
 */
export function boardBytes(
  board: BoardText,
  limit: number,
  encoding: JsonEncoding | 'identity',
  fast = false,
): Buffer {
  const key = `${Math.min(limit, board.ends.length)}:${encoding}${fast ? ':fast' : ''}`;
  board.compressed ??= new Map();
  let bytes = board.compressed.get(key);
  if (!bytes) {
    const text = sliceBoard(board, limit);
    bytes = encoding === 'identity' ? Buffer.from(text) : compressJson(text, encoding, fast);
    board.compressed.set(key, bytes);
    if (board.compressed.size > COMPRESSED_PER_BOARD) {
      board.compressed.delete(board.compressed.keys().next().value!);
    }
  }
  return bytes;
}

/**
 * A board from its entries' JSON texts, one per line (lb_entry_json, server/src/db/sql/leaderboard.sql:
 * an entry never holds a raw line break), joined into an array without decoding them.
 */
export function toBoardText(entryLines: string): BoardText {
  const entries = entryLines === '' ? [] : entryLines.split('\n');
  const ends: number[] = [];
  let end = 0;
  for (const entry of entries) {
    end += 1 + entry.length; // the '[' or ',' before it
    ends.push(end);
  }
  return { json: `[${entries.join(',')}]`, ends };
}

/** The first `limit` entries as JSON text. */
export function sliceBoard(board: BoardText, limit: number): string {
  if (limit >= board.ends.length) return board.json;
  return limit <= 0 ? '[]' : `${board.json.slice(0, board.ends[limit - 1])}]`;
}

// The entries of a board read, as lb_entry_json texts, one per line, in board order. $1 is the
// challenge; $8 its score's legacy name, under which its entries also carry the score
// (../../lib/score-answers.ts scoreFieldOf; null for most challenges).
const entryLines = (
  order: string,
  verifiedBoard = false,
) => `coalesce(string_agg(lb_entry_json(f.workout_id, f.username, f.rank,
  f.score, f.created_at, f.age, f.gender, f.profile_picture, f.verified, $8::text is not null,
  f.capped, $8::text, ${verifiedBoard}),
  E'\\n' order by ${order}), '')`;
const BOUNDS_AND_FILTERS =
  '$1::text, $2::timestamptz, $3::timestamptz, $4::int, $5::int, $6::int, $7::text';

// A complete period's board (lb_board_filled): nearly every read. Kept prepared (preparedRows).
const FILLED_READ = `select (select c.complete from lb_period_complete($1::text, $2::timestamptz, $3::timestamptz) c) as complete,
    ${entryLines('f.n')} as entries
  from lb_board_filled(${BOUNDS_AND_FILTERS}) f`;
// Any other (lb_board): registers the period if needed and reads it while it is still being filled.
// Whether some period waits for its fill (period-fill.ts) is asked in the same statement, after
// the function that may have registered one, so it costs no round trip.
const READ = `select lb_fill_pending() as pending, lb_filling($1::text, $2::timestamptz, $3::timestamptz) as filling,
    ${entryLines('f.ordinality')} as entries
  from lb_board(${BOUNDS_AND_FILTERS}) with ordinality f`;
// The verified board (docs/decisions/0052-verified-boards.md) reads workouts and registers nothing.
const VERIFIED_READ = `select ${entryLines('f.ordinality', true)} as entries
  from lb_board_verified(${BOUNDS_AND_FILTERS}) with ordinality f`;

// Whether a registered period still waits for its fill; see READ.
const pending = sql`lb_fill_pending()`;

/**
 * The board's entries as JSON texts, one per line (toBoardText joins them); filling: its period
 * is still being built. Ranks count everyone in the period, whatever the filters
 * (docs/product.md#leaderboard-filters). The database writes each entry's JSON (only these keys
 * leave): decoding hundreds of column values cost more than the query, notably on PGlite.
 */
export async function getBoardJson(
  db: Db,
  a: BoardArgs,
  kickFill: () => void = () => undefined,
): Promise<{ entries: string; filling: boolean }> {
  const values = [
    a.challenge,
    a.startText,
    a.endText,
    a.limit,
    a.ageMin,
    a.ageMax,
    a.gender,
    scoreFieldOf(a.challenge),
  ];
  if (a.verified) {
    const [row] = await preparedRows<{ entries: string }>(
      db,
      'lb_board_verified',
      VERIFIED_READ,
      values,
    );
    return { entries: row!.entries, filling: false };
  }
  const [filled] = await preparedRows<{ complete: boolean | null; entries: string }>(
    db,
    'lb_board_filled',
    FILLED_READ,
    values,
  );
  if (filled!.complete === true) return { entries: filled!.entries, filling: false };
  const [row] = await preparedRows<{ pending: boolean; filling: boolean; entries: string }>(
    db,
    'lb_board',
    READ,
    values,
  );
  if (row!.pending) kickFill();
  return { entries: row!.entries, filling: row!.filling };
}

export async function getBoard(
  db: Db,
  period: LeaderboardPeriod,
  query: LeaderboardQuery,
  now: Date,
  kickFill?: () => void,
): Promise<LeaderboardEntry[]> {
  const { entries } = await getBoardJson(db, boardArgs(period, query, now), kickFill);
  return JSON.parse(toBoardText(entries).json) as LeaderboardEntry[];
}

export interface MeRow extends Row {
  workout_id: number;
  rank: number | string;
  score: number;
  created_at: Date | string;
  capped?: boolean | null;
}

/** The user's overall rank and best in the period, or null when they have no workout in it. */
export async function getMyStanding(
  db: Db,
  userId: number,
  period: LeaderboardPeriod,
  tz: string | undefined,
  now: Date,
  verified = false,
  challenge: string = DEFAULT_CHALLENGE,
  kickFill: () => void = () => undefined,
): Promise<LeaderboardMe> {
  const b = bounds(period, now, tz);
  const fn = verified ? sql`lb_me_verified` : sql`lb_me`;
  const [r] = await rowsOf<MeRow & { pending: boolean }>(
    db,
    sql`select ${pending} as pending, m.* from (select 1) one left join ${fn}(${challenge}::text, ${b.start}, ${b.end}, ${userId}::int) m on true`,
  );
  if (r?.pending) kickFill();
  return standingOf(r, challenge);
}

/** A standing row (lb_me, lb_me_verified, lb_set_me) as the API sends it; null: no set in the period. */
export function standingOf(r: MeRow | undefined, challenge: string): LeaderboardMe {
  if (!r || r.workout_id === null) return null;
  const score = Number(r.score);
  return {
    rank: Number(r.rank),
    score,
    ...scoreExtras(challenge, score, r.capped === true),
    id: Number(r.workout_id),
    createdAt: iso(r.created_at),
  };
}
