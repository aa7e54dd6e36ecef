import { sql } from 'drizzle-orm';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { AGE_GROUPS } from '@common/leaderboard';
import { SET_NOT_FOUND, type Feed, type SetPage } from '@common/schemas/feed';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../lib/errors';
import { encodeCursor } from '../workouts';
import { commentsOf } from './reactions.service';
import { itemColumns, readable, shown, toFeedItem, type ItemRow } from './set-items';

// The feed (docs/decisions/0249-the-feed.md): the sets of the members I follow and of my clubs'
// members, newest first (the time the set was done, then its id), public members' sets no
// moderator hid. Each author's sets are read newest first from workouts_user_created_idx and
// merged, so a page reads at most limit + 1 sets of each author (and as many as they have hidden).

/** The workouts list's cursor (server/src/routes/workouts/workout-cursor.ts): created_at, then id. */
export interface FeedCursor {
  ts: string;
  id: number;
}

const SUGGESTIONS = 6;

export async function feedPage(
  db: Db,
  viewer: { id: number; age: number | null },
  page: { limit: number; cursor?: FeedCursor },
): Promise<{ feed: Feed; nextCursor: string | null }> {
  const v = viewer.id;
  const after = page.cursor
    ? sql`and (x.created_at, x.id) < ((${page.cursor.ts}::timestamp at time zone 'UTC'), ${page.cursor.id}::int)`
    : sql``;
  const rows = await rowsOf<ItemRow>(
    db,
    sql`with authors as (
        select f.followee_id as id from follows f where f.follower_id = ${v}::int
        union
        select o.user_id from club_members m join clubs c on c.id = m.club_id and c.removed_at is null
          join club_members o on o.club_id = m.club_id where m.user_id = ${v}::int
      ),
      -- The page's ids first: the item's counts and calls-out are read for its rows only. Each
      -- author's newest sets are an index-only read (as many more as they have hidden sets), and
      -- the hidden ones are taken out once, for all authors.
      page as (select x.id from authors a
        join users u on u.id = a.id and u.id <> ${v}::int and ${shown('u')}
        cross join lateral (select x.id, x.created_at from workouts x where x.user_id = a.id ${after}
            order by x.created_at desc, x.id desc
            limit ${page.limit + 1}::int
              + (select count(*) from hidden_workouts h where h.user_id = a.id)) x
        where not exists (select 1 from hidden_workouts h where h.workout_id = x.id)
        order by x.created_at desc, x.id desc
        limit ${page.limit + 1}::int)
      select ${itemColumns(v)}
      from page p join workouts w on w.id = p.id join users u on u.id = w.user_id
      order by w.created_at desc, w.id desc`,
  );
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
  why: string;
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
  const boardWhy = band ? `Top of the ${band.label} board` : 'Top of the all-time board';
  const rows = await rowsOf<SuggestionRow>(
    db,
    sql`select username, full_name, profile_picture, why from (
        (select u.username, u.full_name, u.profile_picture, 'In ' || c.name as why, 0 as k, u.id as ord
          from club_members m join clubs c on c.id = m.club_id and c.removed_at is null
          join club_members o on o.club_id = m.club_id join users u on u.id = o.user_id
          where m.user_id = ${v}::int and u.id <> ${v}::int and ${shown('u')}
            and not exists (select 1 from follows f where f.follower_id = ${v}::int and f.followee_id = u.id)
          order by o.joined_at desc limit ${SUGGESTIONS}::int)
        union all
        (select u.username, u.full_name, u.profile_picture, ${boardWhy} as why, 1 as k, -b.rank_value as ord
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
    .map((r) => ({
      username: r.username,
      fullName: r.full_name,
      profilePicture: r.profile_picture,
      why: r.why,
    }));
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
