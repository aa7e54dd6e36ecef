import { sql } from 'drizzle-orm';
import {
  check,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative imports: drizzle-kit loads this file without the @common alias.
import { DEFAULT_CHALLENGE } from '../../../../common/challenges';
import { AVATAR_MIME_TYPES } from '../../../../common/schemas/profile';
import { SCORE_TIERS } from '../../../../common/tiers';
import { bytea, createdAt, oneOf } from './columns';
import { memberId } from './members';

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
    // True exactly when the tier is recounted or reviewed: the server counted the same reps from
    // the proof clip, or a moderator agreed (docs/decisions/0240-recounting-proof-clips.md). The
    // Verified boards read it. The camera trace is kept in camera_traces.
    verified: boolean('verified').notNull().default(false),
    // How far the score is proven (common/tiers.ts, docs/decisions/0239-score-tiers.md).
    tier: text('tier').notNull().default('entered'),
    // When the member last changed the set (PATCH /api/workouts/:id); null: never edited. A
    // request that changes nothing leaves it (docs/decisions/0203-editing-a-set.md).
    // The run's pace, reps per 15 s from the tap times (as the payoff chart computes it); null: a typed set, or one
    // saved before migration 0038 (docs/decisions/0268-pace-stored-with-the-set.md).
    pace: real('pace').array(),
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
    check('workouts_pace_length', sql`cardinality(${t.pace}) between 1 and 240`),
    check('workouts_tier_check', sql`${t.tier} in (${oneOf(SCORE_TIERS)})`),
  ],
);

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
