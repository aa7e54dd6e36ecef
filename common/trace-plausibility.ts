// Whether a camera trace looks like a camera run, beyond the rep counter's own rules: a trace is
// made by the client, and a made-up one (a few samples a rep, metronome timing, a smooth formula)
// could otherwise prove any count. Rules and how their floors were measured:
// docs/decisions/0120-plausible-camera-traces.md.
import { initialRepState, stepReps, type FaceSize } from './rep-counter';

export const PLAUSIBLE = {
  /** Samples a second on average over the whole trace (a camera loop gives 10-30). */
  minSamplesPerSecond: 8,
  /** Longest pause between two samples from the first rep's start to the last rep. */
  maxGapMs: 1500,
  /** Each rep ends at least this long after the one before (150 reps in 90 s at most). */
  minRepMs: 600,
  /** Most reps one run may verify. */
  maxReps: 150,
  /**
   * Rep durations (between consecutive reps) vary at least this much (coefficient of variation);
   * checked from `cvMinReps` reps. A camera's frame timing alone gives a metronome-perfect mover
   * more than this (measured: docs/decisions/0120).
   */
  minRepCv: 0.01,
  cvMinReps: 6,
  /**
   * The face size turns back (up to down or down to up) more often than the reps alone make it
   * (two turns a rep): a detector's box wobbles from frame to frame, most of all while the member
   * holds still. At least this many extra turns, checked when the face was seen for at least
   * `turnsMinSeconds`. Only a formula's exact curve or a frozen picture has fewer.
   */
  minExtraTurns: 3,
  turnsMinSeconds: 5,
} as const;

export interface RepTimes {
  /** When each counted rep left the top (the last sample at the top before its dip). */
  starts: number[];
  /** When each counted rep ended (the sample back past the up line). */
  ends: number[];
  /** The index of that sample in the trace. */
  endIndex: number[];
}

/** The shared rep counter's run over a trace, with when each counted rep started and ended. */
export function repTimes(t: readonly number[], s: readonly FaceSize[], top: number): RepTimes {
  const starts: number[] = [];
  const ends: number[] = [];
  const endIndex: number[] = [];
  let state = initialRepState();
  const n = Math.min(t.length, s.length);
  for (let i = 0; i < n; i++) {
    const next = stepReps(state, t[i]!, s[i]!, top);
    if (next.reps > state.reps) {
      starts.push(state.topAt);
      ends.push(t[i]!);
      endIndex.push(i);
    }
    state = next;
  }
  return { starts, ends, endIndex };
}

/** Coefficient of variation (standard deviation / mean) of a list of durations. */
export function coefficientOfVariation(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (mean <= 0) return 0;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  return Math.sqrt(variance) / mean;
}

/** Turns of the face size (a rise followed by a fall or the reverse), over samples with a face. */
export function sizeTurns(s: readonly FaceSize[]): number {
  let turns = 0;
  let dir = 0;
  let prev: number | null = null;
  for (const v of s) {
    if (!(v > 0)) continue;
    if (prev !== null && v !== prev) {
      const d = v > prev ? 1 : -1;
      if (dir !== 0 && d !== dir) turns++;
      dir = d;
    }
    prev = v;
  }
  return turns;
}

export interface TraceFigures {
  reps: number;
  samplesPerSecond: number;
  /** Longest gap between samples while reps were counted (0 without reps). */
  maxGapMs: number;
  /**
   * Shortest time between two consecutive reps (Infinity with fewer than 2), given the benefit of
   * one frame: a rep is seen to end at the first sample past the line, up to a frame late.
   */
  shortestRepMs: number;
  repCv: number;
  /** Turns of the face size beyond two a rep. */
  extraTurns: number;
  /** Seconds from the first to the last sample with a face. */
  faceSeconds: number;
}

/** The figures the plausibility rules read (also printed by the measurement in 0120's tests). */
export function traceFigures(
  t: readonly number[],
  s: readonly FaceSize[],
  top: number,
): TraceFigures {
  const { starts, ends, endIndex } = repTimes(t, s, top);
  const span = t.length > 1 ? t[t.length - 1]! - t[0]! : 0;
  const samplesPerSecond = span > 0 ? ((t.length - 1) * 1000) / span : 0;
  let maxGapMs = 0;
  if (ends.length > 0) {
    const from = starts[0]!;
    const to = ends[ends.length - 1]!;
    for (let i = 1; i < t.length; i++) {
      if (t[i]! <= from || t[i - 1]! >= to) continue;
      maxGapMs = Math.max(maxGapMs, t[i]! - t[i - 1]!);
    }
  }
  const durations = ends.slice(1).map((e, i) => e - ends[i]!);
  const frameBefore = (i: number) => (i > 0 ? t[i]! - t[i - 1]! : 0);
  const longest = ends.slice(1).map((e, i) => e - ends[i]! + frameBefore(endIndex[i]!));
  const seen = t.filter((_, i) => s[i]! > 0);
  const faceSeconds = seen.length > 1 ? (seen[seen.length - 1]! - seen[0]!) / 1000 : 0;
  const extra = sizeTurns(s) - 2 * ends.length;
  return {
    reps: ends.length,
    samplesPerSecond,
    maxGapMs,
    shortestRepMs: longest.length > 0 ? Math.min(...longest) : Number.POSITIVE_INFINITY,
    repCv: coefficientOfVariation(durations),
    extraTurns: extra,
    faceSeconds,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Null when a trace (already in time order, within the run) looks like a camera run, else why not,
 * as a sentence for the member. The rep counter's count is checked separately.
 */
export function implausibility(
  t: readonly number[],
  s: readonly FaceSize[],
  top: number,
): string | null {
  const f = traceFigures(t, s, top);
  const no = (why: string) =>
    `The camera trace does not look like a camera run (${why}), so the count could not be checked.`;
  if (f.reps > PLAUSIBLE.maxReps)
    return no(`${f.reps} reps; at most ${PLAUSIBLE.maxReps} can be verified`);
  if (f.reps === 0) return null;
  if (f.samplesPerSecond < PLAUSIBLE.minSamplesPerSecond)
    return no(
      `${round1(f.samplesPerSecond)} samples a second; at least ${PLAUSIBLE.minSamplesPerSecond}`,
    );
  if (f.maxGapMs > PLAUSIBLE.maxGapMs)
    return no(
      `${round1(f.maxGapMs / 1000)} s without a sample during the reps; at most ${PLAUSIBLE.maxGapMs / 1000} s`,
    );
  if (f.shortestRepMs < PLAUSIBLE.minRepMs)
    return no(
      `a rep ${round1(f.shortestRepMs / 1000)} s after the one before; at least ${PLAUSIBLE.minRepMs / 1000} s`,
    );
  if (f.reps >= PLAUSIBLE.cvMinReps && f.repCv < PLAUSIBLE.minRepCv)
    return no('every rep took the same time to the millisecond, as no person does');
  if (f.faceSeconds >= PLAUSIBLE.turnsMinSeconds && f.extraTurns < PLAUSIBLE.minExtraTurns)
    return no("the face size changes too smoothly, without a camera's frame-to-frame noise");
  return null;
}
