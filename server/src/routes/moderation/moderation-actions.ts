import { sql, type SQL } from 'drizzle-orm';
import {
  ACTION_CONFLICTS,
  MODERATION_REFUSALS,
  NO_SUCH_CLUB,
  type AuditEntry,
  type ClubAction,
  type ModerationAction,
  type ModerationActionData,
} from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { conflict, forbidden, notFound } from '../../lib/errors';

import {
  auditSelect,
  memberTarget,
  toAuditEntry,
  workoutTarget,
  type AuditDbRow,
  type Target,
  type UserRow,
} from './moderation-reads';

// Moderation's actions (docs/decisions/0150-moderation.md). Each action is one statement (the
// change, its audit line and the reports it closes commit together); the board triggers
// (server/src/db/sql/leaderboard.sql) and the member-change announcements
// (server/src/db/sql/sessions.sql) carry its effects to every instance.

// ---- Acting --------------------------------------------------------------------------------------

interface Change {
  /** A statement whose rows are (user_id, workout_id, previous): what it changed, none if nothing. */
  change: SQL;
  /** The reports the action closes, as a condition on `r` (null: none). */
  closes: SQL | null;
  /** The 409 when nothing changed (the target exists). */
  conflict: () => Promise<string>;
  /** A statement that follows the change in the same statement, when it changed something. */
  then?: (logged: SQL) => SQL;
}

const exists = async (db: Db, query: SQL) => (await rowsOf<{ x: number }>(db, query)).length > 0;

function changeOf(db: Db, action: ModerationAction, t: Target, reason: string, now: Date): Change {
  const at = now.toISOString();
  const uid = t.userId;
  const wid = t.workoutId;
  const onWorkout = sql`r.target_workout_id = ${wid}`;
  const onProfile = sql`r.target_user_id = ${uid} and r.target_workout_id is null`;
  const onTarget = wid === null ? onProfile : onWorkout;
  const clipConflict = async () =>
    (await exists(db, sql`select 1 as x from workout_clips where workout_id = ${wid}`))
      ? action === 'review-clip'
        ? ACTION_CONFLICTS.alreadyReviewed
        : ACTION_CONFLICTS.notReviewed
      : ACTION_CONFLICTS.noClip;
  const restore = (column: SQL, clear: string, restoreName: string): SQL => sql`
    update users u set ${column} = last.previous
    from (select a.action, a.previous from moderation_actions a
          where a.target_user_id = ${uid} and a.action in (${clear}, ${restoreName})
          order by a.id desc limit 1) last
    where u.id = ${uid} and last.action = ${clear} and u.${column} is null and last.previous is not null
    returning u.id as user_id, null::int as workout_id, null::text as previous`;
  switch (action) {
    case 'hide-workout':
      return {
        change: sql`insert into hidden_workouts (workout_id, user_id, reason, hidden_at)
          values (${wid}, ${uid}, ${reason}, ${at}::timestamptz) on conflict (workout_id) do nothing
          returning user_id, workout_id, null::text as previous`,
        closes: onWorkout,
        conflict: async () => ACTION_CONFLICTS.alreadyHidden,
      };
    case 'unhide-workout':
      return {
        change: sql`delete from hidden_workouts where workout_id = ${wid}
          returning user_id, workout_id, reason as previous`,
        closes: null,
        conflict: async () => ACTION_CONFLICTS.notHidden,
      };
    // A recounted set whose clip a moderator agreed with is reviewed; its undo makes it recounted
    // again, back in the queue (docs/decisions/0244-tiers-shown-and-reviewed.md).
    case 'review-clip':
      return {
        change: sql`update workout_clips set reviewed_at = ${at}::timestamptz
          where workout_id = ${wid} and reviewed_at is null
          returning user_id, workout_id, null::text as previous`,
        closes: onWorkout,
        conflict: clipConflict,
        then: (logged) => sql`update workouts set tier = 'reviewed'
          where id = ${wid} and tier = 'recounted' and exists (${logged})`,
      };
    case 'unreview-clip':
      return {
        change: sql`update workout_clips set reviewed_at = null
          where workout_id = ${wid} and reviewed_at is not null
          returning user_id, workout_id, null::text as previous`,
        closes: null,
        conflict: clipConflict,
        then: (logged) => sql`update workouts set tier = 'recounted'
          where id = ${wid} and tier = 'reviewed' and exists (${logged})`,
      };
    // A refused clip takes the set back to camera-counted, off the Verified boards; the line keeps
    // the tier it had, which the undo gives back.
    case 'refuse-clip':
      return {
        change: sql`update workouts w set tier = 'camera-counted', verified = false
          from (select id, tier from workouts where id = ${wid} for update) old
          where w.id = old.id and old.tier in ('recounted', 'reviewed')
          returning w.user_id, w.id as workout_id, old.tier as previous`,
        closes: onWorkout,
        conflict: async () => ACTION_CONFLICTS.notRefusable,
      };
    case 'restore-clip':
      return {
        change: sql`update workouts w set tier = last.previous, verified = true
          from (select a.action, a.previous from moderation_actions a
                where a.target_workout_id = ${wid} and a.action in ('refuse-clip', 'restore-clip')
                order by a.id desc limit 1) last
          where w.id = ${wid} and last.action = 'refuse-clip' and w.tier = 'camera-counted'
            and last.previous in ('recounted', 'reviewed')
          returning w.user_id, w.id as workout_id, null::text as previous`,
        closes: null,
        conflict: async () => ACTION_CONFLICTS.notRefused,
      };
    case 'clear-full-name':
      return {
        change: sql`update users u set full_name = null from (select id, full_name from users where id = ${uid} for update) old
          where u.id = old.id and old.full_name is not null
          returning u.id as user_id, null::int as workout_id, old.full_name as previous`,
        closes: onProfile,
        conflict: async () => ACTION_CONFLICTS.noFullName,
      };
    case 'restore-full-name':
      return {
        change: restore(sql.raw('full_name'), 'clear-full-name', 'restore-full-name'),
        closes: null,
        conflict: async () => ACTION_CONFLICTS.nothingToRestore,
      };
    case 'clear-picture':
      return {
        change: sql`update users u set profile_picture = null
          from (select id, profile_picture from users where id = ${uid} for update) old
          where u.id = old.id and old.profile_picture is not null
          returning u.id as user_id, null::int as workout_id, old.profile_picture as previous`,
        closes: onProfile,
        conflict: async () => ACTION_CONFLICTS.noPicture,
      };
    case 'restore-picture':
      return {
        change: restore(sql.raw('profile_picture'), 'clear-picture', 'restore-picture'),
        closes: null,
        conflict: async () => ACTION_CONFLICTS.nothingToRestore,
      };
    case 'suspend':
      return {
        change: sql`update users set suspended_at = ${at}::timestamptz, suspended_reason = ${reason}
          where id = ${uid} and suspended_at is null
          returning id as user_id, null::int as workout_id, null::text as previous`,
        // Every report on the member and on their sets.
        closes: sql`r.target_user_id = ${uid}`,
        conflict: async () => ACTION_CONFLICTS.alreadySuspended,
      };
    case 'lift-suspension':
      return {
        change: sql`update users set suspended_at = null, suspended_reason = null
          where id = ${uid} and suspended_at is not null
          returning id as user_id, null::int as workout_id, null::text as previous`,
        closes: null,
        conflict: async () => ACTION_CONFLICTS.notSuspended,
      };
    case 'dismiss-reports':
      return {
        change: sql`update reports r set closed_at = ${at}::timestamptz
          where r.closed_at is null and r.target_user_id = ${uid} and ${onTarget}
          returning r.target_user_id as user_id, r.target_workout_id as workout_id, null::text as previous`,
        closes: null,
        conflict: async () => ACTION_CONFLICTS.noOpenReports,
      };
    case 'reopen-reports':
      return {
        change: sql`update reports r set closed_at = null
          where r.closed_at is not null and r.target_user_id = ${uid} and ${onTarget}
          returning r.target_user_id as user_id, r.target_workout_id as workout_id, null::text as previous`,
        closes: null,
        conflict: async () => ACTION_CONFLICTS.noDismissedReports,
      };
    case 'remove-club':
    case 'restore-club':
      // Taken by actOnClub: their target is a club, not a member.
      throw new Error(`${action} takes a club`);
    case 'hide-comment':
    case 'show-comment':
      // Taken by POST /api/moderation/comments/:id (server/src/routes/feed/comment-moderation.ts).
      throw new Error(`${action} takes a comment`);
  }
}

/**
 * Nobody moderates their own sets or profile, and a moderator's are for an operator (who revokes
 * the role with `npm run moderator`, then any moderator may act): a 403 saying so. The target's
 * role is read here, before the statement; docs/decisions/0207-moderation-queue-and-moderators.md.
 */
async function mayActOn(db: Db, moderator: Pick<UserRow, 'id'>, t: Target): Promise<void> {
  if (t.userId === moderator.id) throw forbidden(MODERATION_REFUSALS.own);
  if (await exists(db, sql`select 1 as x from users where id = ${t.userId} and role = 'moderator'`))
    throw forbidden(MODERATION_REFUSALS.fellow);
}

/**
 * Carries out an action by `moderator` and writes its audit line, in one statement; answers the
 * line. A target that is gone is a 404; an action that would change nothing a 409 saying why.
 * A suspension also ends every session of the member (in the same statement).
 */
export async function act(
  db: Db,
  moderator: Pick<UserRow, 'id' | 'username'>,
  input: ModerationActionData,
  now: Date,
): Promise<{ entry: AuditEntry; target: Target | null }> {
  if (input.target.kind === 'club') {
    const action = input.action as ClubAction;
    return {
      entry: await actOnClub(db, moderator, action, input.target.slug, input.reason, now),
      target: null,
    };
  }
  const t =
    input.target.kind === 'workout'
      ? await workoutTarget(db, input.target.workoutId)
      : await memberTarget(db, input.target.username);
  await mayActOn(db, moderator, t);
  const { change, closes, conflict: why, then } = changeOf(db, input.action, t, input.reason, now);
  const at = now.toISOString();
  const [logged] = await rowsOf<{ id: number }>(
    db,
    sql`with changed as (${change}),
      logged as (
        insert into moderation_actions (moderator_id, moderator_name, action, target_user_id, target_workout_id, reason, previous, created_at)
        select ${moderator.id}, ${moderator.username}, ${input.action}, ${t.userId}, ${t.workoutId}::int, ${input.reason},
          max(c.previous), ${at}::timestamptz
        from changed c having count(*) > 0
        returning id
      )${
        input.action === 'suspend'
          ? sql`, ended as (delete from sessions where user_id = ${t.userId} and exists (select 1 from logged))`
          : sql``
      }${then ? sql`, followed as (${then(sql`select 1 from logged`)})` : sql``}${
        closes
          ? sql`, closed as (update reports r set closed_at = ${at}::timestamptz
              where r.closed_at is null and ${closes} and exists (select 1 from logged))`
          : sql``
      }
    select id from logged`,
  );
  if (!logged) {
    // Gone meanwhile, or nothing to change.
    if (t.workoutId !== null) await workoutTarget(db, t.workoutId);
    throw conflict(await why());
  }
  const [row] = await rowsOf<AuditDbRow>(db, sql`${auditSelect} where a.id = ${logged.id}`);
  return { entry: toAuditEntry(row!), target: t };
}

/**
 * Removes a club (soft: `clubs.removed_at`, so that the undo brings it back with its members) or
 * restores it, and writes the audit line, in one statement as `act` does. The line keeps the club's
 * name (`previous`) so that it still names the club once the club is gone for good. A removed club
 * is 404 to everyone (server/src/routes/clubs/clubs.service.ts); the trigger of migration 0022 drops
 * the cached boards on every instance. docs/decisions/0180-moderators-remove-clubs.md.
 */
async function actOnClub(
  db: Db,
  moderator: Pick<UserRow, 'id' | 'username'>,
  action: ClubAction,
  slug: string,
  reason: string,
  now: Date,
): Promise<AuditEntry> {
  const [club] = await rowsOf<{ id: number; mine: boolean }>(
    db,
    sql`select id, exists (select 1 from club_members m where m.club_id = clubs.id and m.user_id = ${moderator.id}
      and m.role = 'admin') as mine from clubs where slug = ${slug}`,
  );
  if (!club) throw notFound(NO_SUCH_CLUB);
  // A club its moderator runs is theirs: another moderator judges it.
  if (club.mine) throw forbidden(MODERATION_REFUSALS.ownClub);
  const at = now.toISOString();
  const change =
    action === 'remove-club'
      ? sql`update clubs set removed_at = ${at}::timestamptz, removed_reason = ${reason}
          where id = ${club.id}::int and removed_at is null returning name as previous`
      : sql`update clubs set removed_at = null, removed_reason = null
          where id = ${club.id}::int and removed_at is not null returning name as previous`;
  const [logged] = await rowsOf<{ id: number }>(
    db,
    sql`with changed as (${change}),
      logged as (
        insert into moderation_actions (moderator_id, moderator_name, action, target_club_id, reason, previous, created_at)
        select ${moderator.id}::int, ${moderator.username}, ${action}, ${club.id}::int, ${reason}, max(c.previous),
          ${at}::timestamptz
        from changed c having count(*) > 0
        returning id
      )
    select id from logged`,
  );
  if (!logged) {
    // Gone meanwhile, or nothing to change.
    if (!(await exists(db, sql`select 1 as x from clubs where id = ${club.id}::int`)))
      throw notFound(NO_SUCH_CLUB);
    throw conflict(
      action === 'remove-club' ? ACTION_CONFLICTS.alreadyRemoved : ACTION_CONFLICTS.notRemoved,
    );
  }
  const [row] = await rowsOf<AuditDbRow>(db, sql`${auditSelect} where a.id = ${logged.id}`);
  return toAuditEntry(row!);
}

/** The challenge of a workout (for the board cache's scope), or null. */
export async function challengeOf(db: Db, workoutId: number): Promise<string | null> {
  const [w] = await rowsOf<{ challenge: string }>(
    db,
    sql`select challenge from workouts where id = ${workoutId}`,
  );
  return w?.challenge ?? null;
}
