import type { Workout } from '@common/schemas/workouts';
import type { ScoreTier } from '@common/tiers';
import { workouts } from '../../db/schema';
import { scoreExtras } from '../../lib/score-answers';

// A workout row as the API shows it: what every read of workouts (the list, a save's answer, the
// account export) selects and maps.

export type WorkoutRow = Pick<
  typeof workouts.$inferSelect,
  'id' | 'userId' | 'challenge' | 'score' | 'notes' | 'createdAt' | 'verified'
> & { updatedAt?: Date | null; capped?: boolean; tier?: string; pace?: number[] | null };

// The public columns; the idempotency key and request hash stay internal.
export const publicColumns = {
  id: workouts.id,
  userId: workouts.userId,
  challenge: workouts.challenge,
  score: workouts.score,
  capped: workouts.capped,
  notes: workouts.notes,
  createdAt: workouts.createdAt,
  verified: workouts.verified,
  tier: workouts.tier,
  updatedAt: workouts.updatedAt,
  pace: workouts.pace,
};

/** A workout row, with the moderator's hide when the query joined it (hidden_workouts). */
export type WorkoutRowWithHide = WorkoutRow & {
  hiddenReason?: string | null;
  hiddenAt?: Date | null;
};

/**
 * The row's tier; a read that did not select it (a save's answer) takes the weakest tier its
 * verified mark allows (verified = tier in recounted, reviewed).
 */
export const tierOf = (w: Pick<WorkoutRow, 'verified'> & { tier?: string }): ScoreTier =>
  (w.tier as ScoreTier | undefined) ?? (w.verified ? 'recounted' : 'entered');

export function toWorkoutDto(w: WorkoutRowWithHide): Workout {
  return {
    id: w.id,
    userId: w.userId,
    challenge: w.challenge,
    score: w.score,
    // The capped mark, and the score's first name where the challenge keeps one (../../lib/score-answers.ts).
    ...scoreExtras(w.challenge, w.score, w.capped),
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
    verified: w.verified,
    tier: tierOf(w),
    ...(w.updatedAt ? { updatedAt: w.updatedAt.toISOString() } : {}),
    ...(w.pace?.length ? { pace: w.pace } : {}),
    hidden:
      w.hiddenReason && w.hiddenAt
        ? { reason: w.hiddenReason, at: w.hiddenAt.toISOString() }
        : null,
  };
}
