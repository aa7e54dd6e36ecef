import { sql } from 'drizzle-orm';
import {
  COMMENT_NOT_FOUND,
  NO_KUDOS_FOR_OWN_SET,
  NOT_YOUR_COMMENT,
  PRIVATE_CANNOT_REACT,
  PRIVATE_SET_NO_REACTIONS,
  SET_NOT_FOUND,
  type Comment,
  type KudosState,
} from '@common/schemas/feed';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest, forbidden, notFound, tooManyRequestsSaying } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import { commentPage, commentSelect, toComment, type CommentRow } from './comment-pages';
import { readable, shown } from './set-items';
import { onComment, onKudos } from './social-hooks';

// Kudos and comments (docs/decisions/0248-kudos-and-comments.md): one kudos per member and set,
// removable; comments of up to 280 characters, deletable by their author and the set's owner.
// Nobody reacts to a set they cannot read, a private member's set takes neither, and a private
// member gives neither (their name would show beside it).

export interface Viewer {
  id: number;
  isPrivate: boolean;
}
export interface Limit {
  max: number;
  windowMs: number;
}

/** The set's owner when `viewer` may read it (404 otherwise). */
async function readableSet(db: Db, viewerId: number, workoutId: number) {
  const [row] = await rowsOf<{ owner_id: number; owner_private: boolean }>(
    db,
    sql`select w.user_id as owner_id, u.is_private as owner_private
      from workouts w join users u on u.id = w.user_id
      where w.id = ${workoutId}::int and ${readable(viewerId)}`,
  );
  if (!row) throw notFound(SET_NOT_FOUND);
  return { ownerId: row.owner_id, ownerPrivate: row.owner_private };
}

/** The set when `viewer` may react to it. */
async function reactableSet(db: Db, viewer: Viewer, workoutId: number) {
  const set = await readableSet(db, viewer.id, workoutId);
  if (set.ownerPrivate) throw badRequest(PRIVATE_SET_NO_REACTIONS);
  if (viewer.isPrivate) throw badRequest(PRIVATE_CANNOT_REACT);
  return set;
}

// Each whole, so a language words it its own way (server/src/locales/).
const TOO_MANY = {
  kudos: 'You have given many kudos in a short time. Please try again in {minutes} minutes.',
  comments: 'You have given many comments in a short time. Please try again in {minutes} minutes.',
};

async function spend(db: Db, key: string, limit: Limit, now: Date, what: keyof typeof TOO_MANY) {
  const state = await rateLimit.hit(db, key, limit.windowMs, now);
  if (state.count > limit.max) {
    const after = rateLimit.retryAfterSeconds(state, now);
    throw tooManyRequestsSaying(TOO_MANY[what], { minutes: Math.ceil(after / 60) }, after);
  }
}

export async function kudosState(db: Db, viewerId: number, workoutId: number): Promise<KudosState> {
  const [row] = await rowsOf<{ count: number; mine: boolean }>(
    db,
    sql`select (select count(*)::int from set_kudos k join users ku on ku.id = k.user_id
        where k.workout_id = ${workoutId}::int and ${shown('ku')}) as count,
      exists (select 1 from set_kudos k where k.workout_id = ${workoutId}::int
        and k.user_id = ${viewerId}::int) as mine`,
  );
  return { count: row!.count, mine: row!.mine };
}

/** Gives kudos (again: nothing changes, and no allowance is spent). */
export async function giveKudos(
  db: Db,
  viewer: Viewer,
  workoutId: number,
  now: Date,
  limit: Limit,
): Promise<KudosState> {
  const set = await reactableSet(db, viewer, workoutId);
  if (set.ownerId === viewer.id) throw badRequest(NO_KUDOS_FOR_OWN_SET);
  const had = await rowsOf(
    db,
    sql`select 1 as x from set_kudos where workout_id = ${workoutId}::int and user_id = ${viewer.id}::int`,
  );
  if (had.length === 0) {
    await spend(db, `kudos:${viewer.id}`, limit, now, 'kudos');
    const added = await rowsOf(
      db,
      sql`insert into set_kudos (workout_id, user_id, created_at)
        values (${workoutId}::int, ${viewer.id}::int, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning 1 as x`,
    );
    // The notification hook (./social-hooks.ts): a new kudos only.
    if (added.length > 0)
      await onKudos(db, { workoutId, ownerId: set.ownerId, fromUserId: viewer.id });
  }
  return kudosState(db, viewer.id, workoutId);
}

/** Takes one's kudos back (none: nothing changes). */
export async function removeKudos(db: Db, viewerId: number, workoutId: number) {
  await readableSet(db, viewerId, workoutId);
  await rowsOf(
    db,
    sql`delete from set_kudos where workout_id = ${workoutId}::int and user_id = ${viewerId}::int returning 1 as x`,
  );
  return kudosState(db, viewerId, workoutId);
}

/** Whether the viewer may read the set's comments (404 otherwise); ./comment-pages.ts reads them. */
export async function checkReadable(db: Db, viewerId: number, workoutId: number): Promise<void> {
  await readableSet(db, viewerId, workoutId);
}

/** The first page of a set's comments, oldest first (a set's own page). */
export async function commentsOf(db: Db, viewerId: number, workoutId: number) {
  return (await commentPage(db, viewerId, workoutId)).comments;
}

export async function addComment(
  db: Db,
  viewer: Viewer,
  workoutId: number,
  body: string,
  now: Date,
  limit: Limit,
): Promise<Comment> {
  const set = await reactableSet(db, viewer, workoutId);
  await spend(db, `comment:${viewer.id}`, limit, now, 'comments');
  const [made] = await rowsOf<{ id: number }>(
    db,
    sql`insert into set_comments (workout_id, author_id, body, created_at)
      values (${workoutId}::int, ${viewer.id}::int, ${body}, ${now.toISOString()}::timestamptz)
      returning id`,
  );
  // The notification hook (./social-hooks.ts).
  await onComment(db, {
    workoutId,
    ownerId: set.ownerId,
    fromUserId: viewer.id,
    commentId: made!.id,
  });
  const [row] = await rowsOf<CommentRow>(db, sql`${commentSelect} where c.id = ${made!.id}::int`);
  return toComment(row!, viewer.id);
}

/** Deletes a comment: its author's or one on the viewer's own set (403 otherwise). */
export async function deleteComment(db: Db, viewerId: number, commentId: number) {
  const [row] = await rowsOf<{ author_id: number; owner_id: number; workout_id: number }>(
    db,
    sql`select c.author_id, w.user_id as owner_id, c.workout_id
      from set_comments c join workouts w on w.id = c.workout_id join users u on u.id = w.user_id
      join users a on a.id = c.author_id
      where c.id = ${commentId}::int and ${readable(viewerId)}
        and (c.author_id = ${viewerId}::int or (c.hidden_at is null and ${shown('a')}))`,
  );
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  if (row.author_id !== viewerId && row.owner_id !== viewerId) throw forbidden(NOT_YOUR_COMMENT);
  await rowsOf(db, sql`delete from set_comments where id = ${commentId}::int returning id`);
}
