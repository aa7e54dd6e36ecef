import type { CreateWorkoutInput } from '@common/schemas/workouts';

// A 'for-time' set that reached its cap carries `capped: true` beside its score (the reps done);
// every other set leaves it out (common/challenge-scores.ts). Read and written here so the screens
// ask one place.

/** Whether a workout (as the API answers it) reached its cap. */
export const isCapped = (w: object): boolean => 'capped' in w && w.capped === true;

/** `{ capped: true }` for a capped workout, nothing otherwise: spread into a screen's props. */
export const cappedProps = (w: object): { capped?: true } => (isCapped(w) ? { capped: true } : {});

/** A save's body, with `capped: true` when the set reached the cap. */
export function withCapped<B extends CreateWorkoutInput>(body: B, capped: boolean): B {
  return capped ? { ...body, capped: true } : body;
}
