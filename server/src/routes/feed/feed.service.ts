import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { AGE_GROUPS } from '@common/leaderboard';
import {
  SET_NOT_FOUND,
  type Feed,
  type SetPage,
  type SuggestionReason,
} from '@common/schemas/feed';
import { say } from '@common/say';
import type { Db } from '../../db/client';
import { preparedRows, rowsOf } from '../../db/rows';
import { notFound } from '../../lib/errors';
import { encodeCursor } from '../workouts';
import { commentsOf } from './reactions.service';
import { itemColumns, readable, shown, toFeedItem, type ItemRow } from './set-items';

// The feed (docs/decisions/0249-the-feed.md): the sets of the members I follow and of my clubs'
// members, newest first (the time the set was done, then its id), public members' sets no
// moderator hid. Read in a window of recent sets (feedQuery), so a page reads a few index entries
// per author, whatever their history.

/** The workouts list's cursor (server/src/routes/workouts/workout-cursor.ts): created_at, then id. */
export interface FeedCursor {
  ts: string;
  id: number;
}

const SUGGESTIONS = 6;

/**
 * The page's query (docs/decisions/0273-the-feeds-window.md). First each author's newest set
 * after the cursor (one index descent each on workouts_user_created_idx) and the (limit + 1)-th
 * newest of those, `since`: at least limit + 1 sets are that new, so the page is among them. Then
 * only the authors whose newest is that new (at most limit + 1, but for ties) are read from `since`
 * on. A page reads one entry per author, not limit + 1, and sorts a few dozen rows.
 * `newestFirst` is the index's own order (docs/decisions/0314-the-feed-in-index-order.md): a plain
 * `desc` (nulls first) does not match it, and each author's every set was read and sorted instead;
 * and the authors' privacy is read for the newest few only.
 */
export function feedQuery(viewerId: number, page: { limit: number; cursor?: FeedCursor }): SQL {
  const v = viewerId;
  const after = page.cursor
    ? sql`and (x.created_at, x.id) < ((${page.cursor.ts}::timestamp at time zone 'UTC'), ${page.cursor.id}::int)`
    : sql``;
  const visible = sql`not exists (select 1 from hidden_workouts h where h.workout_id = x.id)`;
  // workouts_user_created_idx is (user_id, created_at desc nulls last, id desc nulls last); the
  // columns are not null, so the order is the same, and this spelling lets the planner walk it.
  const newestFirst = sql`x.created_at desc nulls last, x.id desc nulls last`;
  const n = page.limit + 1;
  return sql`with authors as (
        select f.followee_id as id from follows f where f.follower_id = ${v}::int
        union
        select o.user_id from club_members m join clubs c on c.id = m.club_id and c.removed_at is null
          join club_members o on o.club_id = m.club_id where m.user_id = ${v}::int
      ),
      -- Each author's newest set (after the cursor): one index descent each.
      newest as materialized (select a.id, l.created_at from authors a
        cross join lateral (select x.created_at from workouts x where x.user_id = a.id ${after}
          and ${visible} order by ${newestFirst} limit 1) l),
      -- Whether an author may be shown is read newest first, only until the (limit + 1)-th shown
      -- one (offset 0 keeps the sort below the check): a few dozen lookups, not one per author.
      since as materialized (select coalesce((select l.created_at
          from (select l.id, l.created_at from newest l order by l.created_at desc offset 0) l
          where (select u.id <> ${v}::int and ${shown('u')} from users u where u.id = l.id)
          offset ${page.limit}::int limit 1), '-infinity') as t),
      -- The page's ids (materialized: the planner then joins its few rows by key), so the item's
      -- counts and calls-out are read for its rows only. Only the authors with a set since then.
      page as materialized (select x.id from since s join newest a on a.created_at >= s.t
        join users u on u.id = a.id and u.id <> ${v}::int and ${shown('u')}
        cross join lateral (select x.id, x.created_at from workouts x
            where x.user_id = a.id and x.created_at >= s.t ${after} and ${visible}
            order by ${newestFirst} limit ${n}::int) x
        order by x.created_at desc, x.id desc
        limit ${n}::int)
      select ${itemColumns(v)}
      from page p join workouts w on w.id = p.id join users u on u.id = w.user_id
      order by w.created_at desc, w.id desc`;
}

const dialect = new PgDialect();

/**
 * The page's rows, its statement kept prepared on each PostgreSQL connection (preparedRows), named
 * by its text (with and without a cursor): planning it took as long as running it for a member who
 * follows 100 (docs/decisions/0314-the-feed-in-index-order.md).
 */
export async function feedRows(
  db: Db,
  viewerId: number,
  page: { limit: number; cursor?: FeedCursor },
): Promise<ItemRow[]> {
  const { sql: text, params } = dialect.sqlToQuery(feedQuery(viewerId, page));
  const name = `feed_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return preparedRows<ItemRow>(db, name, text, params);
}

export async function feedPage(
  db: Db,
  viewer: { id: number; age: number | null },
  page: { limit: number; cursor?: FeedCursor },
): Promise<{ feed: Feed; nextCursor: string | null }> {
  const v = viewer.id;
  const rows = await feedRows(db, v, page);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const suggestions = !page.cursor && items.length === 0 ? await suggestionsFor(db, viewer) : [];
  return {
    feed: { items: items.map((r) => toFeedItem(r, v)), suggestions },
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ ts: last.ts, id: last.id }) : null,
  };
}

interface SuggestionRow {
  username: string;
  full_name: string | null;
  profile_picture: string | null;
  /** The club the member shares with me; null: the top of the board. */
  club: string | null;
}

/** A suggestion's reason in words, in the request's language (English as it always was). */
function suggestionWords(reason: SuggestionReason): string {
  if (reason.kind === 'club') return say('In {club}', { club: reason.club });
  const band = AGE_GROUPS.find((g) => g.id === reason.ageGroup);
  return band
    ? say('Top of the {group} board', { group: band.label })
    : say('Top of the all-time board');
}

/**
 * Members to follow for an empty feed: my clubs' members, then the top of the all-time board of
 * my age band (everyone's when my age is not known). Public members I do not follow only; a
 * member who hides their age is never named as one of an age band.
 */
async function suggestionsFor(db: Db, viewer: { id: number; age: number | null }) {
  const v = viewer.id;
  const band =
    viewer.age === null
      ? undefined
      : AGE_GROUPS.find((g) => viewer.age! >= g.min && viewer.age! <= g.max);
  const inBand = band
    ? sql`and u.show_age_gender and u.age between ${band.min}::int and ${Number.isFinite(band.max) ? band.max : 200}::int`
    : sql``;
  const rows = await rowsOf<SuggestionRow>(
    db,
    sql`select username, full_name, profile_picture, club from (
        (select u.username, u.full_name, u.profile_picture, c.name as club, 0 as k, u.id as ord
          from club_members m join clubs c on c.id = m.club_id and c.removed_at is null
          join club_members o on o.club_id = m.club_id join users u on u.id = o.user_id
          where m.user_id = ${v}::int and u.id <> ${v}::int and ${shown('u')}
            and not exists (select 1 from follows f where f.follower_id = ${v}::int and f.followee_id = u.id)
          order by o.joined_at desc limit ${SUGGESTIONS}::int)
        union all
        (select u.username, u.full_name, u.profile_picture, null::text as club, 1 as k, -b.rank_value as ord
          from leaderboard_periods p join leaderboard_bests b on b.period_id = p.id
          join users u on u.id = b.user_id
          where p.challenge = ${DEFAULT_CHALLENGE} and p.starts_at = '-infinity' and p.ends_at = 'infinity'
            and u.id <> ${v}::int and ${shown('u')} ${inBand}
            and not exists (select 1 from follows f where f.follower_id = ${v}::int and f.followee_id = u.id)
          order by b.rank_value desc, b.received_at limit ${SUGGESTIONS}::int)
      ) s order by k, ord`,
  );
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.username) && seen.add(r.username))
    .slice(0, SUGGESTIONS)
    .map((r) => {
      const reason: SuggestionReason =
        r.club !== null
          ? { kind: 'club', club: r.club }
          : { kind: 'board-top', ageGroup: band?.id ?? null };
      return {
        username: r.username,
        fullName: r.full_name,
        profilePicture: r.profile_picture,
        why: suggestionWords(reason),
        reason,
      };
    });
}

/** A set's own page: the set as the feed shows it, with its comments (404 when not readable). */
export async function setPage(db: Db, viewerId: number, workoutId: number): Promise<SetPage> {
  const [row] = await rowsOf<ItemRow>(
    db,
    sql`select ${itemColumns(viewerId)} from workouts w join users u on u.id = w.user_id
      where w.id = ${workoutId}::int and ${readable(viewerId)}`,
  );
  if (!row) throw notFound(SET_NOT_FOUND);
  return { ...toFeedItem(row, viewerId), comments: await commentsOf(db, viewerId, workoutId) };
}
