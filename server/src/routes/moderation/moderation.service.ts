import { sql, type SQL } from 'drizzle-orm';
import {
  ACTION_CONFLICTS,
  AWAITING_REVIEW_TOP,
  MODERATION_REFUSALS,
  NO_SUCH_CLUB,
  RECENT_SETS,
  type AuditEntry,
  type ClubAction,
  type ModeratedMember,
  type ModeratedWorkout,
  type ModerationAction,
  type ModerationActionData,
  type ModerationCase,
  type QueuedReport,
  type ReportReason,
} from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { scoreExtras } from '../../lib/score-answers';

// Moderation (docs/decisions/0150-moderation.md): the queue, the cases, the actions and the audit
// log. Each action is one statement (the change, its audit line and the reports it closes commit
// together); the board triggers (server/src/db/sql/leaderboard.sql) and the member-change
// announcements (server/src/db/sql/sessions.sql) carry its effects to every instance.

type UserRow = typeof users.$inferSelect;
export const isModerator = (u: Pick<UserRow, 'role'>) => u.role === 'moderator';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// ---- Reading -------------------------------------------------------------------------------------

interface WorkoutDbRow {
  id: number;
  user_id: number;
  challenge: string;
  score: number;
  capped: boolean;
  created_at: Date | string;
  verified: boolean;
  hidden_reason: string | null;
  hidden_at: Date | string | null;
  has_clip: boolean;
  reviewed_at: Date | string | null;
}

const workoutSelect = sql`
  select w.id, w.user_id, w.challenge, w.score, w.capped, w.created_at, w.verified,
    h.reason as hidden_reason, h.hidden_at, c.workout_id is not null as has_clip, c.reviewed_at
  from workouts w
  left join hidden_workouts h on h.workout_id = w.id
  left join workout_clips c on c.workout_id = w.id`;

function toModeratedWorkout(w: WorkoutDbRow): ModeratedWorkout {
  return {
    id: w.id,
    userId: w.user_id,
    challenge: w.challenge,
    score: w.score,
    createdAt: iso(w.created_at)!,
    verified: w.verified,
    ...scoreExtras(w.challenge, w.score, w.capped),
    hidden: w.hidden_reason !== null ? { reason: w.hidden_reason, at: iso(w.hidden_at)! } : null,
    hasClip: w.has_clip,
    clipReviewedAt: iso(w.reviewed_at),
  };
}

interface AuditDbRow {
  id: number;
  moderator_name: string;
  action: ModerationAction;
  target_user_id: number | null;
  target_workout_id: number | null;
  target_club_id: number | null;
  target_username: string | null;
  club_slug: string | null;
  club_name: string | null;
  reason: string;
  created_at: Date | string;
}

// A club's line names it from its row while it exists (removed or not), else by the name the
// line kept (`previous`).
const auditSelect = sql`
  select a.id, a.moderator_name, a.action,
    a.target_user_id, a.target_workout_id, a.target_club_id, t.username as target_username,
    k.slug as club_slug, coalesce(k.name, a.previous) as club_name, a.reason, a.created_at
  from moderation_actions a left join users t on t.id = a.target_user_id
    left join clubs k on k.id = a.target_club_id`;

function toAuditEntry(a: AuditDbRow): AuditEntry {
  return {
    id: a.id,
    // The name as it was when they acted: the line keeps it after their account is deleted.
    moderator: a.moderator_name,
    action: a.action,
    target:
      a.target_club_id !== null
        ? { kind: 'club', slug: a.club_slug, name: a.club_name }
        : a.target_workout_id !== null
          ? { kind: 'workout', workoutId: a.target_workout_id, username: a.target_username }
          : { kind: 'member', username: a.target_username },
    reason: a.reason,
    createdAt: iso(a.created_at)!,
  };
}

/** The audit log, newest first; `before`: the id of the last line of the previous page. */
export async function auditLog(db: Db, limit: number, before?: number): Promise<AuditEntry[]> {
  const rows = await rowsOf<AuditDbRow>(
    db,
    sql`${auditSelect} ${before === undefined ? sql`` : sql`where a.id < ${before}`} order by a.id desc limit ${limit}`,
  );
  return rows.map(toAuditEntry);
}

interface MemberDbRow {
  id: number;
  username: string;
  full_name: string | null;
  profile_picture: string | null;
  is_private: boolean;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  role: string;
  created_at: Date | string;
  name_cleared: boolean;
  picture_cleared: boolean;
}

/** Whether the member's latest clear of `what` is not yet restored, and the field is still empty. */
const clearedNow = (field: SQL, clear: string, restore: string) => sql`(${field} is null and coalesce((
    select a.action = ${clear} from moderation_actions a
    where a.target_user_id = u.id and a.action in (${clear}, ${restore})
    order by a.id desc limit 1), false))`;

async function memberById(db: Db, id: number): Promise<ModeratedMember | null> {
  const [u] = await rowsOf<MemberDbRow>(
    db,
    sql`select u.id, u.username, u.full_name, u.profile_picture, u.is_private, u.suspended_at,
      u.suspended_reason, u.role, u.created_at,
      ${clearedNow(sql`u.full_name`, 'clear-full-name', 'restore-full-name')} as name_cleared,
      ${clearedNow(sql`u.profile_picture`, 'clear-picture', 'restore-picture')} as picture_cleared
    from users u where u.id = ${id}`,
  );
  if (!u) return null;
  return {
    id: u.id,
    username: u.username,
    fullName: u.full_name,
    profilePicture: u.profile_picture,
    isPrivate: u.is_private,
    suspended: u.suspended_at !== null ? { reason: u.suspended_reason ?? '', at: iso(u.suspended_at)! } : null,
    fullNameCleared: u.name_cleared,
    pictureCleared: u.picture_cleared,
    isModerator: u.role === 'moderator',
    createdAt: iso(u.created_at)!,
  };
}

/** What a case is about: a member, or one of their workouts. */
export interface Target {
  userId: number;
  workoutId: number | null;
}

/** A target's reports: its open ones (the queue), newest first. */
async function openReports(db: Db, t: Target): Promise<QueuedReport[]> {
  const rows = await rowsOf<{ id: number; reporter: string | null; reason: ReportReason; text: string | null; created_at: Date | string }>(
    db,
    sql`select r.id, u.username as reporter, r.reason, r.text, r.created_at
    from reports r left join users u on u.id = r.reporter_id
    where r.closed_at is null and r.target_user_id = ${t.userId}
      and ${t.workoutId === null ? sql`r.target_workout_id is null` : sql`r.target_workout_id = ${t.workoutId}`}
    order by r.created_at desc, r.id desc`,
  );
  return rows.map((r) => ({ id: r.id, reporter: r.reporter, reason: r.reason, text: r.text, createdAt: iso(r.created_at)! }));
}

/** Everything a moderator needs to judge a target, or null when it is gone. */
export async function buildCase(db: Db, t: Target): Promise<ModerationCase | null> {
  const member = await memberById(db, t.userId);
  if (!member) return null;
  let workout: ModeratedWorkout | null = null;
  if (t.workoutId !== null) {
    const [w] = await rowsOf<WorkoutDbRow>(db, sql`${workoutSelect} where w.id = ${t.workoutId} and w.user_id = ${t.userId}`);
    if (!w) return null;
    workout = toModeratedWorkout(w);
  }
  const [recent, reports, actions] = await Promise.all([
    rowsOf<WorkoutDbRow>(
      db,
      sql`${workoutSelect} where w.user_id = ${t.userId} order by w.created_at desc, w.id desc limit ${RECENT_SETS}`,
    ),
    openReports(db, t),
    // A workout's case shows the actions on it and those on its member; a member's, all of theirs.
    rowsOf<AuditDbRow>(
      db,
      sql`${auditSelect} where a.target_user_id = ${t.userId}
        ${t.workoutId === null ? sql`` : sql`and (a.target_workout_id = ${t.workoutId} or a.target_workout_id is null)`}
        order by a.id desc limit 50`,
    ),
  ]);
  return {
    target:
      t.workoutId !== null
        ? { kind: 'workout', workoutId: t.workoutId, username: member.username }
        : { kind: 'member', username: member.username },
    member,
    workout,
    recentSets: recent.map(toModeratedWorkout),
    reports,
    actions: actions.map(toAuditEntry),
    latestReportAt: reports[0]?.createdAt ?? null,
  };
}

/** The member named `username` (any case), or a 404. */
export async function memberTarget(db: Db, username: string): Promise<Target> {
  const [u] = await rowsOf<{ id: number }>(db, sql`select id from users where lower(username) = ${username.toLowerCase()}`);
  if (!u) throw notFound('There is no such member.');
  return { userId: u.id, workoutId: null };
}

/** The workout `id` and its member, or a 404. */
export async function workoutTarget(db: Db, id: number): Promise<Target> {
  const [w] = await rowsOf<{ user_id: number }>(db, sql`select user_id from workouts where id = ${id}`);
  if (!w) throw notFound('There is no such workout.');
  return { userId: w.user_id, workoutId: id };
}

/** The verified board's top entries (all time) whose clip no moderator has reviewed yet. */
export async function awaitingReview(db: Db, challenge: string) {
  const rows = await rowsOf<WorkoutDbRow & { username: string }>(
    db,
    sql`select w.id, w.user_id, w.challenge, w.score, w.capped, w.created_at, w.verified,
        null::text as hidden_reason, null::timestamptz as hidden_at, true as has_clip, c.reviewed_at, b.username
      from lb_board_verified(${challenge}, '-infinity'::timestamptz, 'infinity'::timestamptz, ${AWAITING_REVIEW_TOP}::int,
        null::int, null::int, null::text) b
      join workouts w on w.id = b.workout_id
      join workout_clips c on c.workout_id = w.id
      where c.reviewed_at is null
      order by b.rank, w.id`,
  );
  return rows.map((r) => ({ ...toModeratedWorkout(r), username: r.username }));
}

// ---- Acting --------------------------------------------------------------------------------------

interface Change {
  /** A statement whose rows are (user_id, workout_id, previous): what it changed, none if nothing. */
  change: SQL;
  /** The reports the action closes, as a condition on `r` (null: none). */
  closes: SQL | null;
  /** The 409 when nothing changed (the target exists). */
  conflict: () => Promise<string>;
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
    case 'review-clip':
      return {
        change: sql`update workout_clips set reviewed_at = ${at}::timestamptz
          where workout_id = ${wid} and reviewed_at is null
          returning user_id, workout_id, null::text as previous`,
        closes: onWorkout,
        conflict: clipConflict,
      };
    case 'unreview-clip':
      return {
        change: sql`update workout_clips set reviewed_at = null
          where workout_id = ${wid} and reviewed_at is not null
          returning user_id, workout_id, null::text as previous`,
        closes: null,
        conflict: clipConflict,
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
    return { entry: await actOnClub(db, moderator, action, input.target.slug, input.reason, now), target: null };
  }
  const t =
    input.target.kind === 'workout'
      ? await workoutTarget(db, input.target.workoutId)
      : await memberTarget(db, input.target.username);
  await mayActOn(db, moderator, t);
  const { change, closes, conflict: why } = changeOf(db, input.action, t, input.reason, now);
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
      }${
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
    if (!(await exists(db, sql`select 1 as x from clubs where id = ${club.id}::int`))) throw notFound(NO_SUCH_CLUB);
    throw conflict(action === 'remove-club' ? ACTION_CONFLICTS.alreadyRemoved : ACTION_CONFLICTS.notRemoved);
  }
  const [row] = await rowsOf<AuditDbRow>(db, sql`${auditSelect} where a.id = ${logged.id}`);
  return toAuditEntry(row!);
}

/** The challenge of a workout (for the board cache's scope), or null. */
export async function challengeOf(db: Db, workoutId: number): Promise<string | null> {
  const [w] = await rowsOf<{ challenge: string }>(db, sql`select challenge from workouts where id = ${workoutId}`);
  return w?.challenge ?? null;
}

// ---- Roles (npm run moderator, server/src/cli/moderator.ts) --------------------------------------

/**
 * Makes the member a moderator (`on`) or a member again; answers what happened in a sentence, or
 * null when there is no such member. The users row's update is announced to every instance
 * (server/src/db/sql/sessions.sql), so the change holds at once for sessions already signed in.
 */
export async function setModerator(db: Db, username: string, on: boolean): Promise<string | null> {
  const role = on ? 'moderator' : 'member';
  const [row] = await rowsOf<{ username: string; was: string }>(
    db,
    sql`update users u set role = ${role} from (select id, role from users where lower(username) = ${username.toLowerCase()} for update) old
      where u.id = old.id returning u.username, old.role as was`,
  );
  if (!row) return null;
  if (row.was === role) return `${row.username} ${on ? 'is already a moderator' : 'was not a moderator'}.`;
  return `${row.username} ${on ? 'is now a moderator' : 'is no longer a moderator'}.`;
}

/** The moderators' usernames, in order. */
export async function listModerators(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ username: string }>(db, sql`select username from users where role = 'moderator' order by lower(username)`);
  return rows.map((r) => r.username);
}
