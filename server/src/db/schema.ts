import { sql } from 'drizzle-orm';
import {
  check,
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PUSHUPS_MAX, PUSHUPS_MIN, WEEKLY_GOAL_DEFAULT } from '../../../common/constants';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // An Argon2id PHC string, never the password itself.
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    age: integer('age'),
    gender: text('gender'),
    profilePicture: text('profile_picture'),
    // On no board that others see and no public profile (docs/decisions/0045-privacy-settings.md).
    isPrivate: boolean('is_private').notNull().default(false),
    // When false, public responses carry age and gender as null.
    showAgeGender: boolean('show_age_gender').notNull().default(true),
    createdAt: createdAt(),
    // Sessions a week the member aims for; see docs/decisions/0053-weekly-goal.md.
    weeklyGoal: integer('weekly_goal').notNull().default(WEEKLY_GOAL_DEFAULT),
  },
  (t) => [
    // docs/product.md#accounts: unique without regard to case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_weekly_goal_range', sql`${t.weeklyGoal} between 1 and 7`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the random token in the cookie: a leaked table cannot be replayed.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    // The id the sessions list shows: random, neither the cookie's token nor its hash.
    publicId: uuid('public_id').notNull().defaultRandom(),
    // The User-Agent at sign-in (cut to 512 characters), shown as "Chrome on Android".
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const workouts = pgTable(
  'workouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushups: integer('pushups').notNull(),
    notes: text('notes'),
    // The time the member says they did the set (the API's createdAt; may be up to 7 days back).
    createdAt: createdAt(),
    // When the server received the save: it breaks ties on the boards, so a claimed createdAt
    // cannot buy a better place (docs/decisions/0036-ties-by-received-time.md).
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // docs/product.md#idempotent-saves: a retried save with the same key returns the first result.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    // True only when the server's own run of the rep counter over the camera trace gave
    // `pushups` (docs/decisions/0050-verified-workouts.md). The trace itself is not kept.
    verified: boolean('verified').notNull().default(false),
  },
  (t) => [
    uniqueIndex('workouts_user_idem_idx').on(t.userId, t.idempotencyKey),
    index('workouts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // A period's sets by time, with what a board of a period still being filled reads (index-only
    // for a short period: lb_prefix_bests in server/src/db/sql/leaderboard.sql).
    index('workouts_created_idx').on(t.createdAt, t.pushups, t.receivedAt, t.id, t.userId),
    // Verified boards read the period's verified sets directly (docs/decisions/0052-verified-boards.md).
    index('workouts_verified_created_idx').on(t.createdAt).where(sql`${t.verified}`),
    // Sets in board order (lb_rank_key's), then the columns a board of a period still being filled
    // reads: for a long period, its best sets are read first without sorting the period
    // (lb_prefix_bests in server/src/db/sql/leaderboard.sql, docs/decisions/0073-first-board-of-a-period.md).
    index('workouts_rank_idx').on(t.pushups.desc(), t.receivedAt, t.id, t.createdAt, t.userId),
    check('workouts_pushups_range', sql`${t.pushups} between ${sql.raw(String(PUSHUPS_MIN))} and ${sql.raw(String(PUSHUPS_MAX))}`),
  ],
);

// --- Leaderboards. Kept in step with workouts by the triggers in server/src/db/sql/leaderboard.sql;
// see docs/decisions/0014-leaderboard-period-summaries.md.

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar period some viewer asked for, [starts_at, ends_at); all time is (-infinity, infinity). */
export const leaderboardPeriods = pgTable(
  'leaderboard_periods',
  {
    id: serial('id').primaryKey(),
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
  (t) => [uniqueIndex('leaderboard_periods_range_idx').on(t.startsAt, t.endsAt)],
);

/** Each user's best set in each registered period, with the user's age and gender copied for filters. */
export const leaderboardBests = pgTable(
  'leaderboard_bests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    // No foreign key: the delete trigger must still see the row to put the next best in its place.
    workoutId: integer('workout_id').notNull(),
    pushups: integer('pushups').notNull(),
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
      t.pushups.desc(),
      t.receivedAt,
      t.workoutId,
      t.userId,
      t.age,
      t.gender,
    ),
  ],
);

/** How many users have each best push-up count in each period: "my rank" sums at most 300 rows. */
export const leaderboardCounts = pgTable(
  'leaderboard_counts',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => leaderboardPeriods.id, { onDelete: 'cascade' }),
    pushups: integer('pushups').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ name: 'leaderboard_counts_pk', columns: [t.periodId, t.pushups] })],
);

// node-postgres gives a Buffer, PGlite a Uint8Array; both accept either.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
  toDriver: (v) => v,
});

/**
 * Idempotency keys of deleted workouts, remembered for 24 hours after the delete so that a late
 * retry of the save cannot bring the workout back (docs/decisions/0086-idempotency-tombstones.md).
 * Written by the delete itself; read by save_batch (server/src/db/sql/saves.sql); older rows are
 * purged by server/src/db/maintenance.ts.
 */
/** How long a deleted workout's key is remembered (also `interval '24 hours'` in saves.sql). */
export const KEY_TOMBSTONE_HOURS = 24;

export const workoutKeyTombstones = pgTable(
  'workout_key_tombstones',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    index('workout_key_tombstones_deleted_idx').on(t.deletedAt),
  ],
);

/** Camera captures (docs/product.md#profile-picture), served at /api/avatars/:id. One row per user at most. */
export const avatars = pgTable(
  'avatars',
  {
    // Random, never reused: the URL is cached as immutable.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('avatars_user_idx').on(t.userId),
    check('avatars_mime', sql`${t.mime} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/**
 * SQL source files (server/src/db/sql/) applied after the migrations, with the SHA-256 of the text
 * last applied: an unchanged file is not run again. See server/src/db/sql-sources.ts.
 */
export const sqlSources = pgTable('sql_sources', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
