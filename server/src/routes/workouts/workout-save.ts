import { and, eq, sql } from 'drizzle-orm';
import {
  CATALOGUE,
  findEntry,
  lowerIsBetter,
  timedScoreStartError,
  type CatalogueEntry,
} from '@common/challenges';
import { traceProblem } from '@common/schemas/verification';
import {
  workoutTimeError,
  type CreateWorkoutData,
  type CreatedWorkout,
  type SavedWorkout,
} from '@common/schemas/workouts';
import { isUniqueViolation, type Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { badRequest, tooManyRequestsSaying } from '../../lib/errors';
import * as rateLimit from '../../lib/rate-limit';
import {
  addNewBadges,
  createSaveQueue,
  type PreviousBest,
  type SaveOutcome,
  type SaveQueue,
} from './save-batch';
import { notHidden } from './not-hidden';
import { keepTrace } from '../recounts';
import { toWorkoutDto, type WorkoutRow } from './workout-dto';
import {
  deletedRetry,
  findByKey,
  findTombstone,
  idempotencyMismatch,
  requestHash,
} from './workout-idempotency';

/** Why a sent trace does not prove the count (null: it does, or none was sent). */
function verificationNote(input: CreateWorkoutData): string | null {
  if (!input.verification) return null;
  return traceProblem(input.verification.trace, input.score);
}

function created(w: WorkoutRow, input: CreateWorkoutData): CreatedWorkout {
  const dto: CreatedWorkout = toWorkoutDto(w);
  const note = verificationNote(input);
  if (note) dto.verificationNote = note;
  return dto;
}

function replay(
  stored: WorkoutRow & { requestHash: string | null },
  hash: string,
  input: CreateWorkoutData,
) {
  if (stored.requestHash !== hash) throw idempotencyMismatch();
  return { workout: created(stored, input), replayed: true };
}

export interface SaveGuard {
  /** The owner's registration: no workout may be dated before it. */
  registeredAt?: Date;
  /** The earliest a timed score may have begun: registeredAt, less HOLD_START_SLACK_SECONDS. */
  holdsFrom?: Date;
  /** Saves allowed per member in a window (SAVE_MAX / SAVE_WINDOW_MINUTES). */
  limit?: { max: number; windowMs: number };
  /** The app's save queue (with the same limit); a save without one goes alone. */
  queue?: SaveQueue;
  /** The app's catalogue (config.challenges): how the set's challenge is scored. */
  challenges?: readonly CatalogueEntry[];
}

/** The save limit's refusal: the wait as "12 minutes", "1 minute", "45 seconds" (ICU, server/src/locales/). */
const SAVES_LIMITED =
  'You have saved {max} workouts recently. You can save again in {unit, select, seconds {{n, plural, one {# second} other {# seconds}}} other {{n, plural, one {# minute} other {# minutes}}}}; your count is kept until then.';
const waitValues = (seconds: number) =>
  seconds < 60 ? { unit: 'seconds', n: seconds } : { unit: 'minutes', n: Math.ceil(seconds / 60) };

/**
 * The member's best in the challenge by rank value over their sets saved before this one (score
 * null: it is their first), without the sets a moderator hid, as save_batch reads it
 * (server/src/db/sql/saves.sql).
 */
async function previousBest(
  db: Db,
  userId: number,
  challenge: string,
  workoutId: number,
): Promise<PreviousBest> {
  const rows = await db
    .select({ score: workouts.score, capped: workouts.capped })
    .from(workouts)
    .where(
      and(
        eq(workouts.userId, userId),
        eq(workouts.challenge, challenge),
        sql`${workouts.id} < ${workoutId}`,
        notHidden(workouts.id),
      ),
    )
    .orderBy(sql`${workouts.rankValue} desc`)
    .limit(1);
  return { score: rows[0]?.score ?? null, capped: rows[0]?.capped ?? false };
}

/** The answer's previous best: its score, and `previousBestCapped` when it was a capped run. */
const withBest = (workout: CreatedWorkout, best: PreviousBest): SavedWorkout => ({
  ...workout,
  previousBest: best.score,
  ...(best.capped ? { previousBestCapped: true as const } : {}),
});

/**
 * A saved workout with the member's previous best, for "New personal best!" (docs/decisions/0054-after-a-save.md).
 * Only for a lost key race: every other save reads it in its own statement (./save-batch.ts).
 */
async function withPreviousBest(db: Db, workout: CreatedWorkout): Promise<SavedWorkout> {
  return withBest(workout, await previousBest(db, workout.userId, workout.challenge, workout.id));
}

/**
 * Saves a workout. With an idempotency key, a retry of the same body returns the first result
 * and a different body under the same key is a 422 (docs/product.md#idempotent-saves, docs/decisions/0008);
 * a retry of a workout deleted within 24 hours is a 410 (docs/decisions/0086-idempotency-tombstones.md).
 * The answer carries the member's previous best (docs/decisions/0054-after-a-save.md), read by the
 * save's own statement; concurrent saves share one statement and commit (./save-batch.ts).
 */
export async function createWorkout(
  db: Db,
  userId: number,
  input: CreateWorkoutData,
  idempotencyKey: string | undefined,
  now: Date,
  guard: SaveGuard = {},
): Promise<{ workout: SavedWorkout; replayed: boolean }> {
  const createdAt = input.createdAt ? new Date(input.createdAt) : now;
  // docs/product.md#custom-time against the server's clock, whatever the caller validated with.
  const timeError = workoutTimeError(createdAt, now.getTime(), guard.registeredAt);
  if (timeError) throw badRequest(timeError, { createdAt: [timeError] });
  // A hold cannot have begun before its owner joined (docs/decisions/0204-a-hold-begins-after-joining.md).
  const scoring = findEntry(input.challenge, guard.challenges ?? CATALOGUE)?.scoring;
  const capped = input.capped ?? false;
  const startError =
    scoring &&
    timedScoreStartError(
      scoring,
      input.score,
      createdAt,
      guard.holdsFrom ?? guard.registeredAt,
      capped,
    );
  if (startError) throw badRequest(startError, { score: [startError] });

  const hash = idempotencyKey ? requestHash(input) : null;
  // The server runs the rep counter itself; the client's own count is never trusted. A count it
  // confirms from the trace is camera-counted: Verified boards wait for the recount of the proof
  // clip (docs/decisions/0240-recounting-proof-clips.md).
  const cameraCounted = input.verification !== undefined && verificationNote(input) === null;
  let outcome: SaveOutcome;
  try {
    outcome = await (guard.queue ?? createSaveQueue(db, guard.limit ?? null)).save({
      userId,
      challenge: input.challenge,
      score: input.score,
      capped,
      lowerIsBetter: scoring ? lowerIsBetter(scoring, capped) : false,
      notes: input.notes ?? null,
      createdAt,
      idempotencyKey: idempotencyKey ?? null,
      requestHash: hash,
      verified: false,
      tier: cameraCounted ? 'camera-counted' : 'entered',
      limitKey: guard.limit ? `save:${userId}` : null,
      now,
      pace: input.pace ?? null,
    });
  } catch (err) {
    // A concurrent request with the same key committed first: the statement failed as a whole
    // (nothing inserted, nothing counted, no trigger's side effect), so answer with that row.
    if (idempotencyKey && hash && isUniqueViolation(err)) {
      const stored = await findByKey(db, userId, idempotencyKey);
      if (stored) {
        const { workout } = replay(stored, hash, input);
        // Its badges too, so every answer under one key is the same.
        const row = { ...stored, tier: workout.tier, newBadges: [] };
        await addNewBadges(db, [
          { kind: 'replay', row, previousBest: { score: null, capped: false } },
        ]);
        const answer = await withPreviousBest(db, workout);
        return { workout: { ...answer, newBadges: row.newBadges }, replayed: true };
      }
      // ... and was deleted since.
      const tombstone = await findTombstone(db, userId, idempotencyKey, now);
      if (tombstone) throw deletedRetry(tombstone.requestHash, hash);
    }
    throw err;
  }
  if (outcome.kind === 'limited') {
    const after = rateLimit.retryAfterSeconds(outcome.window, now);
    throw tooManyRequestsSaying(
      SAVES_LIMITED,
      { max: guard.limit!.max, ...waitValues(after) },
      after,
    );
  }
  if (outcome.kind === 'deleted') throw deletedRetry(outcome.requestHash, hash!);
  if (outcome.kind === 'replay') {
    const { workout } = replay(outcome.row, hash!, input);
    return {
      workout: { ...withBest(workout, outcome.previousBest), newBadges: outcome.row.newBadges },
      replayed: true,
    };
  }
  // The trace is kept for the recount, which compares it with the face track of the clip.
  if (cameraCounted) await keepTrace(db, outcome.row.id, input.verification!.trace);
  return {
    workout: {
      ...withBest(created(outcome.row, input), outcome.previousBest),
      newBadges: outcome.row.newBadges,
    },
    replayed: false,
  };
}
