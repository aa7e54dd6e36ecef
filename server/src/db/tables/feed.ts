import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { COMMENT_MAX } from '../../../../common/schemas/feed';
import { REPORT_REASONS } from '../../../../common/schemas/reports';
import { createdAt, num, oneOf } from './columns';
import { memberId } from './members';
import { workouts } from './workouts';

// The feed's kudos and comments (docs/decisions/0248-kudos-and-comments.md). Every row goes with its
// set or its member: a deleted account takes its kudos and comments along.

const setId = () =>
  integer('workout_id')
    .notNull()
    .references(() => workouts.id, { onDelete: 'cascade' });

/** One kudos per member and set, removable. */
export const setKudos = pgTable(
  'set_kudos',
  { workoutId: setId(), userId: memberId(), createdAt: createdAt() },
  (t) => [
    primaryKey({ name: 'set_kudos_pk', columns: [t.workoutId, t.userId] }),
    index('set_kudos_user_idx').on(t.userId),
  ],
);

/**
 * Comments on a set, oldest first on its page. A moderator's hide (hidden_at, hidden_reason) takes
 * a comment off every screen, as a cleared name is; the audit log keeps its text.
 */
export const setComments = pgTable(
  'set_comments',
  {
    id: serial('id').primaryKey(),
    workoutId: setId(),
    authorId: memberId('author_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('set_comments_workout_idx').on(t.workoutId, t.createdAt, t.id),
    index('set_comments_author_idx').on(t.authorId),
    check(
      'set_comments_body_length',
      sql`char_length(${t.body}) between 1 and ${num(COMMENT_MAX)}`,
    ),
    check('set_comments_hidden_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/** Members' reports of a comment: one per reporter and comment, open until a moderator acts. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => setComments.id, { onDelete: 'cascade' }),
    reporterId: memberId('reporter_id'),
    reason: text('reason').notNull(),
    text: text('text'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'comment_reports_pk', columns: [t.commentId, t.reporterId] }),
    index('comment_reports_reporter_idx').on(t.reporterId),
    index('comment_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.closedAt} is null`),
    check('comment_reports_reason', sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
  ],
);
