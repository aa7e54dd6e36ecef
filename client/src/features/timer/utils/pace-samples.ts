import type { OpenChallenge } from '@common/challenges';
import { READY_STEP_MS, READY_STEPS } from '@common/constants';
import { PACE_MAX_SAMPLES, type PaceSample } from '@common/run-payoff';

// The run's count over time, kept with the set in progress (utils/saved-set.ts) so that its pace
// (reps per 15 s, common/run-payoff.ts) survives a reload. One sample per change of the count, at
// the wall-clock time the run reported it: taps, the camera's reps, rounds, reps of a run for time.
// docs/decisions/0225-the-pace-of-a-run.md

/** The reps a run's reported count stands for: a rounds program reports whole rounds. */
export const repsOfCount = (challenge: OpenChallenge, count: number) =>
  challenge.scoring.kind === 'rounds' ? count * challenge.scoring.repsPerRound : count;

/**
 * The samples with the count `reps` reported at `now` (Date.now()) of the run started at
 * `startedAt` (the Start tap; "Go" comes after the ready steps). A new run starts afresh; an
 * unchanged count adds nothing; the list is bounded.
 */
export function withSample(
  previous: readonly PaceSample[] | undefined,
  sameRun: boolean,
  startedAt: number,
  now: number,
  reps: number,
): PaceSample[] {
  const samples = sameRun && previous ? [...previous] : [];
  const last = samples.at(-1);
  if ((last ? last[1] : 0) === reps || samples.length >= PACE_MAX_SAMPLES) return samples;
  const at = Math.max(0, Math.round(now - startedAt - READY_STEPS * READY_STEP_MS));
  samples.push([at, reps]);
  return samples;
}
