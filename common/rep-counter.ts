// The push-up rep counter, shared by the browser (live count during a camera run) and the server
// (which runs it again over the trace the client sends before it marks a workout verified).
// Input: the face size seen by a phone lying flat under the face, sampled over time. The face
// grows as the body goes down. Design and thresholds: docs/decisions/0049-rep-counter.md.

/** Face size in thousandths of the frame width; 0 means no face in that frame. */
export type FaceSize = number;

export const REP_RULES = {
  /** Down: the face is at least this many times its calibrated top size. */
  downRatio: 1.8,
  /** Up again (hysteresis): the face is back under this many times its top size. */
  upRatio: 1.3,
  /** Reps end at least this far apart (a cadence faster than 0.4 s a rep is not push-ups). */
  minRepMs: 400,
  /** The dip of a rep (from leaving the up line to crossing it again) lasts at least this long. */
  minDipMs: 300,
  /** A face lost for longer than this disarms the counter until it sees the top again. */
  maxLostMs: 1000,
} as const;

export type RepPhase = 'unarmed' | 'up' | 'down';

export interface RepState {
  phase: RepPhase;
  reps: number;
  /** Time of the last sample seen at the top (where the current rep started). */
  topAt: number;
  /** Time of the last return past the up line, counted or not (-Infinity before the first). */
  lastReturnAt: number;
  /** Since when the face has been missing (null while it is seen). */
  lostSince: number | null;
}

export function initialRepState(): RepState {
  return {
    phase: 'unarmed',
    reps: 0,
    topAt: 0,
    lastReturnAt: Number.NEGATIVE_INFINITY,
    lostSince: null,
  };
}

/**
 * One sample in, the next state out (pure). `top` is the calibrated face size at the top; `t` is
 * in milliseconds and must not go backwards (the caller checks that for untrusted traces).
 */
export function stepReps(state: RepState, t: number, size: FaceSize, top: number): RepState {
  if (!(top > 0)) return state;
  if (!(size > 0)) {
    // A few lost frames are normal (a hand in front, the face too close at the bottom); a long
    // loss means we no longer know where the body is. (Sparse samples from a slow device are not
    // a loss: only frames in which the face was looked for and not found count.)
    const lostSince = state.lostSince ?? t;
    if (state.phase !== 'unarmed' && t - lostSince > REP_RULES.maxLostMs)
      return { ...state, phase: 'unarmed', lostSince };
    return state.lostSince === null ? { ...state, lostSince } : state;
  }
  const lostTooLong = state.lostSince !== null && t - state.lostSince > REP_RULES.maxLostMs;
  const ratio = size / top;
  const seen = { ...state, lostSince: null };
  const phase: RepPhase = lostTooLong ? 'unarmed' : state.phase;
  if (phase === 'unarmed') {
    return ratio <= REP_RULES.upRatio
      ? { ...seen, phase: 'up', topAt: t }
      : { ...seen, phase: 'unarmed' };
  }
  if (phase === 'up') {
    if (ratio >= REP_RULES.downRatio) return { ...seen, phase: 'down' };
    return ratio <= REP_RULES.upRatio ? { ...seen, topAt: t } : seen;
  }
  // Down: a rep ends on the way back past the up line, if it was not too quick.
  if (ratio > REP_RULES.upRatio) return seen;
  // Measured from the last return even when that rep did not count, so a fast series counts none.
  const long = t - seen.topAt >= REP_RULES.minDipMs && t - seen.lastReturnAt >= REP_RULES.minRepMs;
  return { ...seen, phase: 'up', reps: seen.reps + (long ? 1 : 0), topAt: t, lastReturnAt: t };
}

/** The number of reps in a whole series of samples (times in ms, sizes as for stepReps). */
export function countReps(
  times: readonly number[],
  sizes: readonly FaceSize[],
  top: number,
): number {
  let state = initialRepState();
  const n = Math.min(times.length, sizes.length);
  for (let i = 0; i < n; i++) state = stepReps(state, times[i]!, sizes[i]!, top);
  return state.reps;
}

/**
 * The calibrated top: the median face size of the samples taken while the member holds the top
 * position, or null when the face was missing from too many of them.
 */
export function calibrateTop(sizes: readonly FaceSize[], minShare = 0.7): number | null {
  const seen = sizes.filter((s) => s > 0).sort((a, b) => a - b);
  if (seen.length === 0 || seen.length < sizes.length * minShare) return null;
  return seen[Math.floor(seen.length / 2)]!;
}
