import { z } from 'zod';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import { verificationSchema } from '@common/schemas/verification';
import { PACE_MAX_SAMPLES } from '@common/run-payoff';
import { repsPerRound, totalMs, type RunPlan } from './timeline';

// A set in progress, or finished but not saved yet, lives in sessionStorage (this tab only, gone
// when the tab closes) so a reload, an accidental Back or a crash of the page loses nothing.
// docs/decisions/0091-a-set-is-never-lost.md

const count = z.number().int().min(0).max(100_000);
const target = z.object({ beat: count, from: z.string().max(64) }).nullable();
// The challenge the set is of: a reload goes on with it whatever the address. A set stored before
// there were other challenges is a push-up set.
const challenge = z.string().max(64).default(DEFAULT_CHALLENGE);
/**
 * The run's count over time, for its pace (utils/pace-samples.ts): [ms since "Go", reps from then
 * on], one per change of the count. Absent on a hold and on a set stored before there was a pace.
 */
const pace = z
  .array(z.tuple([z.number().int().min(0).max(86_400_000), count]))
  .max(PACE_MAX_SAMPLES)
  .optional();

const savedSetSchema = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('run'),
    challenge,
    /** Wall-clock time (Date.now()) of the Start tap: the deadline is startedAt + totalMs(plan). */
    startedAt: z.number().finite(),
    /**
     * The count so far: the taps, or the camera's count on a camera run (0 on a hold); the rounds
     * finished of a rounds program; the reps done of a run for time.
     */
    taps: count,
    /** Whether the camera was counting (its mark cannot survive a reload: see the decision). */
    camera: z.boolean(),
    /** A run for time: the movement the member is on and its reps tapped (utils/program.ts). */
    part: z.number().int().min(0).max(100).optional(),
    partReps: count.optional(),
    target,
    pace,
  }),
  z.object({
    stage: z.literal('entry'),
    challenge,
    /**
     * The score to confirm: the count, the whole seconds held, a rounds program's reps (whole
     * rounds), a finish's seconds or, `capped`, the reps done by the cap.
     */
    taps: count,
    capped: z.boolean().optional(),
    // clipId: the run's proof clip, waiting on the device (lib/offline/clips.ts).
    camera: z
      .object({ count, verification: verificationSchema, clipId: z.string().max(64).optional() })
      .nullable(),
    target,
    pace,
  }),
]);

export type SavedSet = z.infer<typeof savedSetSchema>;
/** A set to store: the challenge may be left out for a push-up set. */
export type SavedSetInput = z.input<typeof savedSetSchema>;

/** What a reload shows: the run going on from where it is, or the count entry once time is up. */
export type ResumedSet =
  | {
      stage: 'run';
      startedAt: number;
      taps: number;
      camera: boolean;
      part?: number;
      partReps?: number;
    }
  | {
      stage: 'entry';
      taps: number;
      camera: Extract<SavedSet, { stage: 'entry' }>['camera'];
      capped?: boolean;
    };

export const savedSetKey = (userId: number | string) => `fitbench:set:${userId}`;

export function readSavedSet(key: string): SavedSet | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = savedSetSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSavedSet(key: string, set: SavedSetInput) {
  try {
    sessionStorage.setItem(key, JSON.stringify(set));
  } catch {
    // Storage full or refused (private mode): the run goes on, only a reload would lose it.
  }
}

export function clearSavedSet(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** The score a run of `plan` that reached its deadline ends with: its count, the longest hold, whole rounds' reps, or the reps done by the cap. */
function scoreAtDeadline(plan: RunPlan, taps: number): { taps: number; capped?: boolean } {
  switch (plan.mode) {
    case 'stopwatch':
      return { taps: plan.maxSeconds };
    case 'rounds':
      return { taps: taps * repsPerRound(plan) };
    case 'for-time':
      return { taps, capped: true };
    case 'countdown':
      return { taps };
  }
}

/**
 * Where a stored set of `plan` stands at `now` (Date.now()): a run whose deadline has passed
 * becomes the count entry with the count it had (a hold: with its longest time; a program: its
 * rounds, or its reps at the cap); a start time in the future (a clock moved back) is treated as a
 * start now, so the run cannot last longer than one full run.
 */
export function resumeAt(set: SavedSet, now: number, plan: RunPlan): ResumedSet {
  if (set.stage === 'entry')
    return {
      stage: 'entry',
      taps: set.taps,
      camera: set.camera,
      ...(set.capped ? { capped: true } : {}),
    };
  if (now >= set.startedAt + totalMs(plan))
    return { stage: 'entry', ...scoreAtDeadline(plan, set.taps), camera: null };
  const part = set.part === undefined ? {} : { part: set.part, partReps: set.partReps ?? 0 };
  return {
    stage: 'run',
    startedAt: Math.min(set.startedAt, now),
    taps: set.taps,
    camera: set.camera,
    ...part,
  };
}
