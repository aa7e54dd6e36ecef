import { sql } from 'drizzle-orm';
import {
  check,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { DEFAULT_CHALLENGE } from '../../../common/challenges';
import { WEEKLY_GOAL_DEFAULT, WEEKLY_GOAL_MAX, WEEKLY_GOAL_MIN } from '../../../common/constants';
import {
  CLUB_DESCRIPTION_MAX,
  CLUB_NAME_MAX,
  CLUB_NAME_MIN,
  CLUB_ROLES,
  CLUB_VISIBILITIES,
} from '../../../common/schemas/clubs';
import { REPORT_REASONS } from '../../../common/schemas/moderation';
import { AVATAR_MIME_TYPES } from '../../../common/schemas/profile';

// The API's constants written into checks as literals (sql.raw), so the SQL is the same text as
// when they were typed here: drizzle-kit sees no change, and no migration is due.
const num = (n: number) => sql.raw(String(n));
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A member's id, the row gone with the account. (`users` is read when the table is built.) */
const memberId = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
    // When the member followed a confirmation link sent to `email`; null: not confirmed
    // (docs/decisions/0111-account-email-tokens.md).
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    // An email when the account is signed in from a device it was never signed in from.
    newDeviceNotices: boolean('new_device_notices').notNull().default(true),
    // Whether the member's proof clips may be watched by anyone who sees the set (false: only by
    // the member, and moderators). docs/decisions/0121-proof-clips.md.
    clipsPublic: boolean('clips_public').notNull().default(false),
    // 'moderator' may use /api/moderation/* (granted by `npm run moderator -- grant USERNAME`);
    // see docs/decisions/0150-moderation.md.
    role: text('role').notNull().default('member'),
    // Set while a moderator has suspended the member: no sessions, off every board and public page,
    // and sign-in refused with the reason (docs/decisions/0152-suspensions.md).
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedReason: text('suspended_reason'),
    // The member's IANA time zone, sent by their browser (docs/decisions/0220-the-members-time-zone.md):
    // their streaks' days and weeks and their reminders' local time. null: not known yet (UTC).
    timeZone: text('time_zone'),
  },
  (t) => [
    // docs/product.md#accounts: unique without regard to case.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // One account per confirmed address; unconfirmed accounts may share one until an account
    // confirms it (docs/decisions/0112-confirmed-addresses.md).
    uniqueIndex('users_confirmed_email_lower_idx').on(sql`lower(${t.email})`).where(sql`email_confirmed_at is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_weekly_goal_range', sql`${t.weeklyGoal} between ${num(WEEKLY_GOAL_MIN)} and ${num(WEEKLY_GOAL_MAX)}`),
    check('users_role', sql`${t.role} in ('member', 'moderator')`),
    check('users_time_zone_length', sql`char_length(${t.timeZone}) between 1 and 64`),
    check('users_suspended_reason', sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the random token in the cookie: a leaked table cannot be replayed.
    id: text('id').primaryKey(),
    userId: memberId(),
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
    userId: memberId(),
    // The catalogue id of the challenge (common/challenges.ts), and its score: reps, or whole
    // seconds held (docs/decisions/0098-challenge-catalogue.md).
    challenge: text('challenge').notNull().default(DEFAULT_CHALLENGE),
    score: integer('score').notNull(),
    // A 'for-time' set that reached the cap: its score is the reps done by then
    // (docs/decisions/0215-storing-and-ranking-the-new-scores.md).
    capped: boolean('capped').notNull().default(false),
    // A score where fewer is better (a 'for-time' finish, in seconds; lowerIsBetter in
    // common/challenge-scores.ts), written by the API from the catalogue with the score.
    lowerIsBetter: boolean('lower_is_better').notNull().default(false),
    // What boards order and count by, more is better (rankValue in common/challenge-scores.ts):
    // the score, or a finish's FINISHED_RANK less its seconds. Computed by the database, so every
    // write path (a script, a test's insert) keeps it right; = score for every other set.
    rankValue: integer('rank_value')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN lower_is_better THEN 1000000 - score ELSE score END`),
    notes: text('notes'),
    // The time the member says they did the set (the API's createdAt; may be up to 7 days back).
    createdAt: createdAt(),
    // When the server received the save: it breaks ties on the boards, so a claimed createdAt
    // cannot buy a better place (docs/decisions/0036-ties-by-received-time.md).
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    // docs/product.md#idempotent-saves: a retried save with the same key returns the first result.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    // True only when the server's own run of the rep counter over the camera trace gave
    // the score, on a push-up set (docs/decisions/0050-verified-workouts.md). The trace itself is not kept.
    verified: boolean('verified').notNull().default(false),
    // When the member last changed the set (PATCH /api/workouts/:id); null: never edited. A
    // request that changes nothing leaves it (docs/decisions/0203-editing-a-set.md).
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('workouts_user_idem_idx').on(t.userId, t.idempotencyKey),
    index('workouts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // A period's sets by time, with what a board of a period still being filled reads (index-only
    // for a short period: lb_prefix_bests in server/src/db/sql/leaderboard.sql).
    index('workouts_created_idx').on(
      t.challenge,
      t.createdAt,
      t.rankValue,
      t.receivedAt,
      t.id,
      t.userId,
    ),
    // Verified boards read the period's verified sets directly (docs/decisions/0052-verified-boards.md).
    index('workouts_verified_created_idx')
      .on(t.challenge, t.createdAt)
      .where(sql`${t.verified}`),
    // One challenge's sets of a member, newest first: its stats, history and best.
    index('workouts_user_challenge_created_idx').on(
      t.userId,
      t.challenge,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Sets in board order (lb_rank_key's), then the columns a board of a period still being filled
    // reads: for a long period, its best sets are read first without sorting the period
    // (lb_prefix_bests in server/src/db/sql/leaderboard.sql, docs/decisions/0073-first-board-of-a-period.md).
    index('workouts_rank_idx').on(
      t.challenge,
      t.rankValue.desc(),
      t.receivedAt,
      t.id,
      t.createdAt,
      t.userId,
    ),
    // Each challenge's range is the catalogue's (common/challenges.ts), checked by the API: a new
    // catalogue entry needs no migration.
    check('workouts_score_positive', sql`${t.score} >= 1`),
    // A set is a capped run or a finish time, never both.
    check('workouts_capped_or_finish', sql`NOT (${t.capped} AND ${t.lowerIsBetter})`),
  ],
);

// --- Leaderboards. Kept in step with workouts by the triggers in server/src/db/sql/leaderboard.sql;
// see docs/decisions/0014-leaderboard-period-summaries.md and the records that superseded it (0036,
// 0066, 0076).

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    userId: memberId(),
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
    userId: memberId(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('avatars_user_idx').on(t.userId),
    check('avatars_mime', sql`${t.mime} in (${oneOf(AVATAR_MIME_TYPES)})`),
  ],
);

/**
 * A verified set's proof clip: the small WebM the device recorded during the camera run, checked
 * with ffprobe before it is kept (docs/decisions/0121-proof-clips.md). At most one per workout;
 * gone with the workout or the account.
 */
export const workoutClips = pgTable(
  'workout_clips',
  {
    workoutId: integer('workout_id')
      .primaryKey()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    bytes: bytea('bytes').notNull(),
    codec: text('codec').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    frames: integer('frames').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
    // When a moderator marked the clip reviewed (null: awaiting review). docs/decisions/0150-moderation.md.
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('workout_clips_user_idx').on(t.userId)],
);

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
    targetWorkoutId: integer('target_workout_id').references(() => workouts.id, { onDelete: 'cascade' }),
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
    index('reports_open_idx').on(t.createdAt).where(sql`${t.closedAt} is null`),
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
    index('moderation_actions_club_idx').on(t.targetClubId).where(sql`${t.targetClubId} is not null`),
    check(
      'moderation_actions_target',
      sql`(${t.targetClubId} is null) <> (${t.targetUserId} is null and ${t.targetWorkoutId} is null)`,
    ),
    index('moderation_actions_created_idx').on(t.createdAt),
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

/**
 * Mail waiting to go out, and what happened to it: a worker in every instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two instances never send one at once
 * (docs/decisions/0110-mail-queue-in-the-database.md). Bodies are emptied once a message is sent or
 * given up (they may hold a link that signs in).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Extra headers (List-Unsubscribe on what is not about the account's security).
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // The same Message-ID on every attempt, so a receiver can drop a repeat.
    messageId: text('message_id').notNull(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    // A claiming worker's lease: nobody else takes the row before then.
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`)],
);

/**
 * Links sent by email (password reset, address confirmation): the SHA-256 of the random token, as
 * sessions keep theirs. One per member and purpose (a new one replaces the old); deleted when used.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: memberId(),
    purpose: text('purpose').notNull(),
    // The address a confirmation link confirms (the account's own, or a new one it changes to).
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * The kinds of device ("Chrome on Android") each member has signed in from: a sign-in from a kind
 * not in the list sends a notice (unless the member turned them off).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: memberId(),
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

/**
 * Clubs: a group of members with its own board (docs/decisions/0164-clubs.md). The slug is the
 * club's address (/clubs/{slug}); an invite-only club is found by its members and by whoever holds
 * its invite code, kept as the SHA-256 of the random code (server/src/lib/tokens.ts), like sessions.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').notNull(),
    inviteCodeHash: text('invite_code_hash').notNull(),
    // Null once the creator's account is gone: the club stays with its other members.
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Set while a moderator has removed the club: it is gone for everyone, and an undo brings it
    // back as it was (docs/decisions/0180-moderators-remove-clubs.md).
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    uniqueIndex('clubs_slug_idx').on(t.slug),
    uniqueIndex('clubs_invite_code_hash_idx').on(t.inviteCodeHash),
    index('clubs_name_lower_idx').on(sql`lower(${t.name})`),
    check('clubs_visibility', sql`${t.visibility} in (${oneOf(CLUB_VISIBILITIES)})`),
    check('clubs_name_length', sql`char_length(${t.name}) between ${num(CLUB_NAME_MIN)} and ${num(CLUB_NAME_MAX)}`),
    check('clubs_description_length', sql`char_length(${t.description}) <= ${num(CLUB_DESCRIPTION_MAX)}`),
    check('clubs_removed_reason', sql`(${t.removedAt} is null) = (${t.removedReason} is null)`),
  ],
);

/** Who is in which club. Gone with the club or the account. */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: memberId(),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'club_members_pk', columns: [t.clubId, t.userId] }),
    // A member's clubs (their list, the limit per member).
    index('club_members_user_idx').on(t.userId),
    check('club_members_role', sql`${t.role} in (${oneOf(CLUB_ROLES)})`),
  ],
);

/**
 * Members a club's admin removed (docs/decisions/0208-club-removal-is-recorded.md): one of them
 * cannot join the club again, with its code or without, until an admin lets them back in (which
 * deletes the row). Gone with the club or the account.
 */
export const clubRemovals = pgTable(
  'club_removals',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: memberId(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'club_removals_pk', columns: [t.clubId, t.userId] })],
);

/**
 * Who follows whom (docs/decisions/0161-following.md): no approval, a public member only (checked
 * by the API), gone with either account. A member who goes private stays in the rows and leaves
 * every list, count and board at read time, so going public again brings them back.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: memberId('follower_id'),
    followeeId: memberId('followee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'follows_pk', columns: [t.followerId, t.followeeId] }),
    // The lists, newest first, and their pages (the key's last column breaks ties).
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc(), t.followeeId.desc()),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt.desc(), t.followerId.desc()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reminders (migration 0031; docs/decisions/0234-reminders.md to 0237)
// ---------------------------------------------------------------------------------------------

/** A member's reminder settings; no row: reminders off. `local_time` is HH:MM outside 22:00-07:00. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planDays: boolean('plan_days').notNull().default(false),
    weeklyGoal: boolean('weekly_goal').notNull().default(false),
    localTime: text('local_time').notNull().default('18:00'),
    byEmail: boolean('by_email').notNull().default(true),
    byPush: boolean('by_push').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('reminder_settings_local_time', sql`${t.localTime} ~ '^(0[7-9]|1[0-9]|2[01]):[0-5][0-9]$'`)],
);

/**
 * One row per member and local date once the job has looked at that day (kind 'none': nothing to
 * remind of). The primary key is what makes a reminder go once, whichever instance gets there.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: memberId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reminder_sends_pk', columns: [t.userId, t.localDate] }),
    check('reminder_sends_kind', sql`${t.kind} in ('plan', 'weekly-goal', 'none')`),
  ],
);

/** A browser's push subscription (one per device); deleted when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: memberId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** The one row of keys made at first start: the VAPID pair and the unsubscribe links' HMAC secret. */
export const reminderKeys = pgTable(
  'reminder_keys',
  {
    id: integer('id').primaryKey(),
    vapidPublic: text('vapid_public').notNull(),
    vapidPrivate: text('vapid_private').notNull(),
    tokenSecret: text('token_secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('reminder_keys_one_row', sql`${t.id} = 1`)],
);
