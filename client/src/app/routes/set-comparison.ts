import type { ScoreOf } from '@common/run-payoff';
import type { MyStats } from '@common/schemas/workouts';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';

// What Workout Saved compares a new set with, for the timer and Log Workout alike.

/** The member's best set of the challenge from its stats: null before their first. */
export const bestOf = (s: MyStats): ScoreOf | null =>
  s.totalWorkouts > 0 ? { score: s.bestScore, capped: s.bestCapped === true } : null;

/** The best before this save, as the save's answer gives it. */
export const previousBestOf = (w: SaveOutcome): ScoreOf | null =>
  w.previousBest === null ? null : { score: w.previousBest, capped: w.previousBestCapped === true };

/** The member's latest set before this save (read from the stats before the save lands). */
export const lastOf = (s: MyStats | undefined): ScoreOf | null =>
  s && s.totalWorkouts > 0 ? { score: s.lastScore, capped: s.lastCapped === true } : null;
