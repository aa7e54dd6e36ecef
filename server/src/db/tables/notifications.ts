import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { NOTIFICATION_BOARDS, NOTIFICATION_KINDS } from '../../../../common/schemas/notifications';
import { createdAt, oneOf } from './columns';
import { leaderboardPeriods } from './leaderboard';
import { memberId, users } from './members';
import { workouts } from './workouts';

// ---------------------------------------------------------------------------------------------
// Notifications (migration 0036; docs/decisions/0253-notifications.md to 0257)
// ---------------------------------------------------------------------------------------------

/**
 * One notification for one member. `key` says which event it is for (e.g. `followed:12`,
 * `beat:345`): the unique (recipient, key) makes each go once however many instances or retries
 * write it (server/src/routes/notifications/notify.ts, server/src/db/sql/notifications.sql).
 * Gone with the recipient's or the actor's account, or the workout it names.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: memberId('recipient_id'),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    workoutId: integer('workout_id').references(() => workouts.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    board: text('board'),
    /** Which filtered board (server/src/db/sql/top10.sql t10_filters; null: the unfiltered one). */
    boardFilter: text('board_filter'),
    key: text('key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notifications_recipient_key_idx').on(t.recipientId, t.key),
    // The list (newest first, by id) and the stream's catch-up (id > last seen).
    index('notifications_recipient_id_idx').on(t.recipientId, t.id.desc()),
    // The bell's count reads the unread ones only, index-only: the actor is in the index, so each
    // actor's privacy is checked once per actor (docs/decisions/0272-the-bells-count.md).
    index('notifications_unread_idx')
      .on(t.recipientId, t.actorId)
      .where(sql`${t.readAt} is null`),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_workout_idx').on(t.workoutId),
    check('notifications_kind', sql`${t.kind} in (${oneOf(NOTIFICATION_KINDS)})`),
    check(
      'notifications_board',
      sql`${t.board} is null or ${t.board} in (${oneOf(NOTIFICATION_BOARDS)})`,
    ),
  ],
);

/** The daily digest's opt-in; no row: no digest (in-app only, ruling 36). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digestEmail: boolean('digest_email').notNull().default(false),
  digestPush: boolean('digest_push').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One row per member and local date a digest went: the primary key makes it once a day. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: memberId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** The newest notification the digest covered: the next one starts after it. */
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_digests_pk', columns: [t.userId, t.localDate] })],
);

/**
 * The last top 10 seen of each current board (a leaderboard period, and a filter: '' for the
 * unfiltered one, e.g. 'age:30-39,gender:female,verified'): a change of the board compares its
 * new top 10 with it, and whoever left it while still on the board is told
 * (server/src/db/sql/top10.sql, migration 0041).
 */
export const notificationBoardTops = pgTable(
  'notification_board_tops',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    filter: text('filter').notNull().default(''),
    userIds: integer('user_ids').array().notNull(),
  },
  (t) => [primaryKey({ name: 'notification_board_tops_pk', columns: [t.periodId, t.filter] })],
);

/**
 * Notifications still to be made for sets saved or changed: one row per save statement (and
 * member and challenge), written by the save's trigger and taken by the fan-out job on any
 * instance, which also checks the top 10 of the boards the sets are on (server/src/db/sql/notification-jobs.sql, docs/decisions/0271-notifications-off-the-save-path.md).
 */
export const notificationJobs = pgTable('notification_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  workoutIds: integer('workout_ids').array().notNull(),
  /** The saver's best in the challenge before these sets (standing_bests at the save); null: none. */
  earlierBest: integer('earlier_best'),
  createdAt: createdAt(),
});
