import { and, eq, sql } from 'drizzle-orm';
import type { FollowEntry } from '@common/schemas/follows';
import { CANNOT_FOLLOW_YOURSELF } from '@common/schemas/follows';
import { rowsOf, type Db } from '../../db/client';
import { follows, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { MemberSet } from '../leaderboard';
import { notify } from '../notifications';
import { encodeCursor } from '../workouts';

// Following (docs/decisions/0161-following.md): no approval, public members only. A member who
// goes private, or is suspended, keeps their rows but leaves every list, count and board here,
// which all read through `users.is_private` and `users.suspended_at`; a deleted one's rows go with
// the account (ON DELETE CASCADE).

/**
 * The following board's members (./member-set-board.ts): the member, when public, and the public
 * members they follow. A private member is not on it, as on the global board; their own standing
 * still says where they would stand (lb_set_me).
 */
export function followingSet(userId: number): MemberSet {
  return sql`array(select u.id from users u where u.id = ${userId}::int and not u.is_private and u.suspended_at is null
    union all
    select f.followee_id from follows f join users u on u.id = f.followee_id
    where f.follower_id = ${userId}::int and not u.is_private and u.suspended_at is null)`;
}

/** The member a follow names: 404 for an unknown or private name, 400 for oneself. */
async function followable(db: Db, followerId: number, username: string): Promise<number> {
  const [target] = await db
    .select({ id: users.id, isPrivate: users.isPrivate, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (target?.id === followerId) throw badRequest(CANNOT_FOLLOW_YOURSELF);
  // A private or suspended member is not followable, and not told apart from an unknown name (the
  // same 404 and body as GET /api/users/:username gives them).
  if (!target || target.isPrivate || target.suspendedAt !== null) throw notFound('User not found.');
  return target.id;
}

/** Follows `username` (again: nothing changes). */
export async function follow(db: Db, followerId: number, username: string): Promise<void> {
  const followeeId = await followable(db, followerId, username);
  const made = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followeeId: follows.followeeId });
  // "X followed you", once per pair (a follow again after an unfollow tells nobody again).
  if (made.length > 0)
    await notify(db, { recipientId: followeeId, kind: 'followed', actorId: followerId });
}

/** Stops following `username` (not followed: nothing changes). */
export async function unfollow(db: Db, followerId: number, username: string): Promise<void> {
  const followeeId = await followable(db, followerId, username);
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

/** How many public members follow `userId`, and how many public members they follow. */
export async function followCounts(
  db: Db,
  userId: number,
): Promise<{ followers: number; following: number }> {
  const [row] = await rowsOf<{ followers: number; following: number }>(
    db,
    sql`select
      (select count(*)::int from follows f join users u on u.id = f.follower_id
        where f.followee_id = ${userId}::int and not u.is_private and u.suspended_at is null) as followers,
      (select count(*)::int from follows f join users u on u.id = f.followee_id
        where f.follower_id = ${userId}::int and not u.is_private and u.suspended_at is null) as following`,
  );
  return { followers: row!.followers, following: row!.following };
}

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(db: Db, followerId: number, followeeId: number) {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

// ---- Lists ------------------------------------------------------------------------------------

// The same cursor as the workouts list (created_at with microseconds, then an id): one codec,
// server/src/routes/workouts/workout-cursor.ts, which the routes decode with too.
export interface FollowCursor {
  /** created_at in UTC with PostgreSQL's microseconds (a JS Date would lose them). */
  ts: string;
  /** The other member's id: ties on the time. */
  id: number;
}

interface ListRow {
  id: number;
  username: string;
  full_name: string | null;
  profile_picture: string | null;
  since: Date | string;
  ts: string;
}

/**
 * One page of the public members `userId` follows (`which: 'following'`) or who follow them
 * (`'followers'`), newest first, read from follows_follower_created_idx or
 * follows_followee_created_idx.
 */
export async function listFollows(
  db: Db,
  userId: number,
  which: 'following' | 'followers',
  page: { limit: number; cursor?: FollowCursor },
): Promise<{ items: FollowEntry[]; nextCursor: string | null }> {
  const [mine, other] =
    which === 'following'
      ? [sql.raw('f.follower_id'), sql.raw('f.followee_id')]
      : [sql.raw('f.followee_id'), sql.raw('f.follower_id')];
  const after = page.cursor
    ? sql`and (f.created_at, ${other}) < ((${page.cursor.ts}::timestamp at time zone 'UTC'), ${page.cursor.id}::int)`
    : sql``;
  const rows = await rowsOf<ListRow>(
    db,
    sql`select u.id, u.username, u.full_name, u.profile_picture, f.created_at as since,
        to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts
      from follows f join users u on u.id = ${other}
      where ${mine} = ${userId}::int and not u.is_private and u.suspended_at is null ${after}
      order by f.created_at desc nulls last, ${other} desc nulls last
      limit ${page.limit + 1}::int`,
  );
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({
      username: r.username,
      fullName: r.full_name,
      profilePicture: r.profile_picture,
      since: (r.since instanceof Date ? r.since : new Date(String(r.since))).toISOString(),
    })),
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ ts: last.ts, id: last.id }) : null,
  };
}
