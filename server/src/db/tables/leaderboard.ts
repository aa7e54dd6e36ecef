import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { memberId } from './members';

// --- Leaderboards. Kept in step with workouts by the triggers in server/src/db/sql/leaderboard.sql;
// see docs/decisions/0014-leaderboard-period-summaries.md and the records that superseded it (0036,
// 0066, 0076).

/** A calendar period some viewer asked for, [starts_at, ends_at); all time is (-infinity, infinity). */
export const leaderboardPeriods = pgTable(
  'leaderboard_periods',
  {
    id: serial('id').primaryKey(),
    // The catalogue id of the challenge whose board this period is (common/challenges.ts).
    challenge: text('challenge').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    createdAt: createdAt(),
    // A period is filled in batches of users after it is registered (lb_fill_period in
    // server/src/db/sql/leaderboard.sql): users with an id up to fill_cursor are in; null = complete.
    fillCursor: integer('fill_cursor'),
    // The first batch waits until no transaction older than this id is running, so no save
    // whose trigger ran before the period existed is missed (docs/decisions/0066-periods-without-blocking.md).
    fillWaitXid: bigint('fill_wait_xid', { mode: 'number' }),
  },
  (t) => [uniqueIndex('leaderboard_periods_range_idx').on(t.challenge, t.startsAt, t.endsAt)],
);

/** Each user's best set in each registered period, with the user's age and gender copied for filters. */
export const leaderboardBests = pgTable(
  'leaderboard_bests',
  {
    userId: memberId(),
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    // No foreign key: the delete trigger must still see the row to put the next best in its place.
    workoutId: integer('workout_id').notNull(),
    score: integer('score').notNull(),
    // The set's capped mark and rank value (workouts.rank_value): the board's order.
    capped: boolean('capped').notNull().default(false),
    rankValue: integer('rank_value').notNull(),
    createdAt: instant('created_at').notNull(),
    // The set's received_at: the tie-break (lb_rank_key, server/src/db/sql/leaderboard.sql).
    receivedAt: instant('received_at').notNull(),
    age: integer('age'),
    gender: text('gender'),
    // Copies of what a board entry shows, kept in step by the triggers like age and gender, so a
    // board is read from this table alone (docs/decisions/0076-board-rows-read-alone.md).
    username: text('username').notNull(),
    profilePicture: text('profile_picture'),
    verified: boolean('verified').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'leaderboard_bests_pk', columns: [t.userId, t.periodId] }),
    // Board order first (lb_rank_key's, server/src/db/sql/leaderboard.sql), then the columns the
    // filters read, so the walk is index-only.
    index('leaderboard_bests_board_idx').on(
      t.periodId,
      t.rankValue.desc(),
      t.receivedAt,
      t.workoutId,
      t.userId,
      t.age,
      t.gender,
    ),
  ],
);

/**
 * How many users have each best rank value in each period: "my rank" sums one row per distinct
 * rank value above.
 */
export const leaderboardCounts = pgTable(
  'leaderboard_counts',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    // The rank value (leaderboard_bests.rank_value), under the column's first name: it was the
    // score when every score ranked by itself (docs/decisions/0215-storing-and-ranking-the-new-scores.md).
    score: integer('score').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ name: 'leaderboard_counts_pk', columns: [t.periodId, t.score] })],
);
