import { sql } from 'drizzle-orm';
import { COMMENT_PAGE_DEFAULT, type Comment, type CommentOrder } from '@common/schemas/feed';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { encodeCursor } from '../workouts';
import { shown } from './set-items';

// A set's comments a page at a time (docs/decisions/0275-comment-pages.md): in the order the set's
// page shows them (oldest first) or newest first, paged by the workouts list's cursor codec
// (created_at with microseconds, then id), so a comment written or deleted while paging never
// makes one repeat or go missing. Read through set_comments_workout_idx.

export interface CommentRow {
  id: number;
  workout_id: number;
  author_id: number;
  owner_id: number;
  body: string;
  created_at: Date | string;
  username: string;
  full_name: string | null;
  profile_picture: string | null;
}

export const toComment = (r: CommentRow, viewerId: number): Comment => ({
  id: r.id,
  workoutId: r.workout_id,
  author: { username: r.username, fullName: r.full_name, profilePicture: r.profile_picture },
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
  canDelete: r.author_id === viewerId || r.owner_id === viewerId,
  mine: r.author_id === viewerId,
});

export const commentSelect = sql`select c.id, c.workout_id, c.author_id, w.user_id as owner_id, c.body,
  c.created_at, a.username, a.full_name, a.profile_picture
  from set_comments c join workouts w on w.id = c.workout_id join users a on a.id = c.author_id`;

/** A decoded cursor (the workouts list's codec, ../workouts). */
interface PageCursor {
  ts: string;
  id: number;
}

export interface CommentPage {
  comments: Comment[];
  /** The next page's cursor, or null on the last page. */
  next: string | null;
}

/**
 * One page of the comments others may read on a set (not hidden, by a member who is public and
 * not suspended). The caller checks that the viewer may read the set.
 */
export async function commentPage(
  db: Db,
  viewerId: number,
  workoutId: number,
  page: { limit?: number; cursor?: PageCursor; order?: CommentOrder } = {},
): Promise<CommentPage> {
  const limit = page.limit ?? COMMENT_PAGE_DEFAULT;
  const newest = page.order === 'newest';
  const after = page.cursor
    ? newest
      ? sql`and (c.created_at, c.id) < (${page.cursor.ts}::timestamp at time zone 'UTC', ${page.cursor.id}::int)`
      : sql`and (c.created_at, c.id) > (${page.cursor.ts}::timestamp at time zone 'UTC', ${page.cursor.id}::int)`
    : sql``;
  const order = newest ? sql`c.created_at desc, c.id desc` : sql`c.created_at, c.id`;
  const rows = await rowsOf<CommentRow & { cursor_ts: string }>(
    db,
    sql`select x.*, to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_ts
      from (${commentSelect}
        where c.workout_id = ${workoutId}::int and c.hidden_at is null and ${shown('a')} ${after}
        order by ${order} limit ${limit + 1}::int) x`,
  );
  const more = rows.length > limit;
  const shownRows = more ? rows.slice(0, limit) : rows;
  const last = shownRows[shownRows.length - 1];
  return {
    comments: shownRows.map((r) => toComment(r, viewerId)),
    next: more && last ? encodeCursor({ ts: last.cursor_ts, id: last.id }) : null,
  };
}
