import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [primaryKey({ name: 'member_badges_pk', columns: [t.userId, t.badge, t.subject] })],
);
