import { sql, type SQL } from 'drizzle-orm';
import {
  RECENT_SETS,
  type AuditEntry,
  type ModeratedMember,
  type ModeratedWorkout,
  type ModerationAction,
  type ModerationCase,
  type QueuedReport,
  type ReportReason,
} from '@common/schemas/moderation';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { scoreExtras } from '../../lib/score-answers';
import type { ScoreTier } from '@common/tiers';
import { awaitingSets } from './awaiting-review';

// Moderation's reads (docs/decisions/0150-moderation.md): the cases the queue shows, the targets
// an action names, and the audit log.

export type UserRow = typeof users.$inferSelect;
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
  tier: ScoreTier;
  hidden_reason: string | null;
  hidden_at: Date | string | null;
  has_clip: boolean;
  reviewed_at: Date | string | null;
}

const workoutSelect = sql`
  select w.id, w.user_id, w.challenge, w.score, w.capped, w.created_at, w.verified, w.tier,
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
    tier: w.tier,
    ...scoreExtras(w.challenge, w.score, w.capped),
    hidden: w.hidden_reason !== null ? { reason: w.hidden_reason, at: iso(w.hidden_at)! } : null,
    hasClip: w.has_clip,
    clipReviewedAt: iso(w.reviewed_at),
  };
}

export interface AuditDbRow {
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
export const auditSelect = sql`
  select a.id, a.moderator_name, a.action,
    a.target_user_id, a.target_workout_id, a.target_club_id, t.username as target_username,
    k.slug as club_slug, coalesce(k.name, a.previous) as club_name, a.reason, a.created_at
  from moderation_actions a left join users t on t.id = a.target_user_id
    left join clubs k on k.id = a.target_club_id`;

export function toAuditEntry(a: AuditDbRow): AuditEntry {
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
const clearedNow = (
  field: SQL,
  clear: string,
  restore: string,
) => sql`(${field} is null and coalesce((
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
    suspended:
      u.suspended_at !== null
        ? { reason: u.suspended_reason ?? '', at: iso(u.suspended_at)! }
        : null,
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
  const rows = await rowsOf<{
    id: number;
    reporter: string | null;
    reason: ReportReason;
    text: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select r.id, u.username as reporter, r.reason, r.text, r.created_at
    from reports r left join users u on u.id = r.reporter_id
    where r.closed_at is null and r.target_user_id = ${t.userId}
      and ${t.workoutId === null ? sql`r.target_workout_id is null` : sql`r.target_workout_id = ${t.workoutId}`}
    order by r.created_at desc, r.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    reporter: r.reporter,
    reason: r.reason,
    text: r.text,
    createdAt: iso(r.created_at)!,
  }));
}

/** Everything a moderator needs to judge a target, or null when it is gone. */
export async function buildCase(db: Db, t: Target): Promise<ModerationCase | null> {
  const member = await memberById(db, t.userId);
  if (!member) return null;
  let workout: ModeratedWorkout | null = null;
  if (t.workoutId !== null) {
    const [w] = await rowsOf<WorkoutDbRow>(
      db,
      sql`${workoutSelect} where w.id = ${t.workoutId} and w.user_id = ${t.userId}`,
    );
    if (!w) return null;
    workout = toModeratedWorkout(w);
  }
  const [recent, reports, actions] = await Promise.all([
    rowsOf<WorkoutDbRow>(
      db,
      sql`${workoutSelect} where w.user_id = ${t.userId} order by w.created_at desc nulls last, w.id desc nulls last limit ${RECENT_SETS}`,
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
  const [u] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where lower(username) = ${username.toLowerCase()}`,
  );
  if (!u) throw notFound('There is no such member.');
  return { userId: u.id, workoutId: null };
}

/** The workout `id` and its member, or a 404. */
export async function workoutTarget(db: Db, id: number): Promise<Target> {
  const [w] = await rowsOf<{ user_id: number }>(
    db,
    sql`select user_id from workouts where id = ${id}`,
  );
  if (!w) throw notFound('There is no such workout.');
  return { userId: w.user_id, workoutId: id };
}

/**
 * The moderators' main queue: the recounted sets in the top three of a Verified board
 * (./awaiting-review.ts), of `challenges`, the longest waiting first. A set waits from the end of
 * its recount (its save when no recount row says so).
 */
export async function awaitingReview(db: Db, challenges: readonly string[], now: Date) {
  const rows = await rowsOf<
    WorkoutDbRow & { username: string; waiting_since: Date | string; boards: string[] }
  >(
    db,
    sql`with a as (${awaitingSets(challenges, now)})
      select w.id, w.user_id, w.challenge, w.score, w.capped, w.created_at, w.verified, w.tier,
        null::text as hidden_reason, null::timestamptz as hidden_at,
        c.workout_id is not null as has_clip, c.reviewed_at, u.username, a.boards,
        coalesce(r.finished_at, w.received_at) as waiting_since
      from a join workouts w on w.id = a.workout_id join users u on u.id = w.user_id
      left join workout_clips c on c.workout_id = w.id
      left join clip_recounts r on r.workout_id = w.id and r.outcome = 'recounted'
      order by waiting_since, w.id`,
  );
  return rows.map((r) => {
    const since = new Date(r.waiting_since);
    return {
      ...toModeratedWorkout(r),
      username: r.username,
      boards: r.boards,
      waitingSince: since.toISOString(),
      waitedSeconds: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)),
    };
  });
}
