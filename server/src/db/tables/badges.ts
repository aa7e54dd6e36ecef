import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberId } from './members';

// --- Badges (docs/decisions/0231-badges-earned-on-the-server.md) --------------------------------

/**
 * Badges a member has earned, each once: the key is member, badge and subject (a challenge id, a
 * plan id, or '' for a badge of no challenge). Written by the triggers in
 * server/src/db/sql/badges.sql and by awardPlanFinished (server/src/routes/badges); never removed
 * by a workout's delete.
 */
export const memberBadges = pgTable(
  'member_badges',
  {
    userId: memberId(),
    badge: text('badge').notNull(),
    subject: text('subject').notNull().default(''),
    // The challenge the badge is of (its catalogue id), null for a badge of none.
    challenge: text('challenge'),
    earnedAt: timestamp('earned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The set that earned it, so a save answers the badges it earned (null: a plan's badge, a
    // streak backfilled by migration 0038). No foreign key: a deleted set takes no badge away.
    workoutId: integer('workout_id'),
  },
  (t) => [
    primaryKey({ name: 'member_badges_pk', columns: [t.userId, t.badge, t.subject] }),
    index('member_badges_workout_idx')
      .on(t.workoutId)
      .where(sql`${t.workoutId} is not null`),
  ],
);
