import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { REPORT_REASONS } from '../../../../common/schemas/moderation';
import { createdAt, oneOf } from './columns';
import { memberId, users } from './members';
import { workouts } from './workouts';

/**
 * Workouts a moderator hid: off every board, public profile, share card and preview; the owner
 * still sees them, with the reason. A table of its own rather than a column of workouts, so the
 * board reads that walk workouts' indexes alone test one small index per set
 * (server/src/db/sql/leaderboard.sql, docs/decisions/0151-hidden-workouts.md). Its triggers
 * recompute the owner's bests and tell every instance's board cache.
 */
export const hiddenWorkouts = pgTable(
  'hidden_workouts',
  {
    workoutId: integer('workout_id')
      .primaryKey()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    reason: text('reason').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('hidden_workouts_user_idx').on(t.userId)],
);

/**
 * Members' reports of a board entry (a workout) or a profile: one per reporter and target. Open
 * until a moderator acts on the target or dismisses them (closed_at).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: memberId('reporter_id'),
    // The member reported, or the owner of the workout reported.
    targetUserId: memberId('target_user_id'),
    // Null: the report is about the profile.
    targetWorkoutId: integer('target_workout_id').references(() => workouts.id, {
      onDelete: 'cascade',
    }),
    reason: text('reason').notNull(),
    text: text('text'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(
      t.reporterId,
      t.targetUserId,
      sql`coalesce(${t.targetWorkoutId}, 0)`,
    ),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
    index('reports_target_idx').on(t.targetUserId, t.targetWorkoutId),
    check('reports_reason', sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
  ],
);

/**
 * The audit log: every moderation action and undo, with who, when, what and why. A moderator's
 * rows outlive their account (moderator_name); a member's go with theirs, as all their data does.
 * `previous` keeps what a clear removed (the full name or picture), for its restore.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    moderatorName: text('moderator_name').notNull(),
    action: text('action').notNull(),
    // Null for an action on a club (docs/decisions/0180-moderators-remove-clubs.md).
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    // No foreign key: the line stays when the workout is deleted.
    targetWorkoutId: integer('target_workout_id'),
    // No foreign key either: the line stays when the club is gone (`previous` keeps its name).
    targetClubId: integer('target_club_id'),
    reason: text('reason').notNull(),
    previous: text('previous'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_target_idx').on(t.targetUserId, t.targetWorkoutId),
    index('moderation_actions_club_idx')
      .on(t.targetClubId)
      .where(sql`${t.targetClubId} is not null`),
    check(
      'moderation_actions_target',
      sql`(${t.targetClubId} is null) <> (${t.targetUserId} is null and ${t.targetWorkoutId} is null)`,
    ),
    index('moderation_actions_created_idx').on(t.createdAt),
  ],
);
