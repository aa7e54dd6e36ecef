// What the server's recount of a proof clip decides (docs/decisions/0242-what-a-recount-matches.md):
// the face sizes the server measured in the clip go through the same rep counter as the device's
// trace (./rep-counter.ts) and the same plausibility rules (./trace-plausibility.ts), then are
// compared with the claimed score and with the trace the device sent. Pure: server and tests.
import type { RecountReason } from './recount-reasons';
import type { RecountOutcome } from './tiers';
import { type FaceSize, countReps } from './rep-counter';
import { PLAUSIBLE, implausibility, repTimes, traceFigures } from './trace-plausibility';

export const RECOUNT_RULES = {
  /** The face must be seen in at least this share of the clip's frames. */
  minFaceShare: 0.5,
  /** The clip's count may differ from the claim by this many reps (measured: docs/decisions/0242). */
  countTolerance: 1,
  /** The top: this quantile of the face sizes seen (the face is smallest at the top). */
  topQuantile: 0.2,
  /** Trace and clip agree when this share of their reps end within `alignMs` (after one shift). */
  alignShare: 0.8,
  alignMs: 700,
} as const;

export interface FaceTrack {
  /** Times in ms from the clip's start. */
  t: readonly number[];
  s: readonly FaceSize[];
}

export interface TraceSent {
  top: number;
  t: readonly number[];
  s: readonly FaceSize[];
}

export interface RecountVerdict {
  outcome: RecountOutcome;
  serverCount: number | null;
  /** Why: a code and its figures, said in the member's language when read (./recount-reasons.ts). */
  reason: RecountReason;
}

/** The clip's own top: a low quantile of the sizes seen (null: no face). */
export function clipTop(s: readonly FaceSize[]): number | null {
  const seen = s.filter((x) => x > 0).sort((a, b) => a - b);
  if (seen.length === 0) return null;
  return seen[Math.floor(seen.length * RECOUNT_RULES.topQuantile)]!;
}

/**
 * Whether the reps of the clip end when the trace's reps did, up to a constant offset (the clip
 * and the trace need not start at the same instant) and one rep more or less at either end.
 */
export function repsAlign(clipEnds: readonly number[], traceEnds: readonly number[]): boolean {
  if (traceEnds.length === 0 || clipEnds.length === 0) return traceEnds.length === clipEnds.length;
  let best = 0;
  for (const shift of [-1, 0, 1]) {
    const pairs: [number, number][] = [];
    traceEnds.forEach((te, i) => {
      const ce = clipEnds[i + shift];
      if (ce !== undefined) pairs.push([ce, te]);
    });
    if (pairs.length === 0) continue;
    const offsets = pairs.map(([c, t]) => c - t).sort((a, b) => a - b);
    const offset = offsets[Math.floor(offsets.length / 2)]!;
    const near = pairs.filter(([c, t]) => Math.abs(c - t - offset) <= RECOUNT_RULES.alignMs);
    best = Math.max(best, near.length / Math.max(traceEnds.length, clipEnds.length));
  }
  return best >= RECOUNT_RULES.alignShare;
}

/**
 * The recount's verdict on a clip's face track for a set claimed at `claimed` reps, with the
 * trace the device sent (null for sets saved before traces were kept: the count alone decides).
 */
export function judgeRecount(
  track: FaceTrack,
  claimed: number,
  trace: TraceSent | null,
): RecountVerdict {
  const { t, s } = track;
  const seen = s.filter((x) => x > 0).length;
  const top = clipTop(s);
  if (top === null || seen < s.length * RECOUNT_RULES.minFaceShare)
    return {
      outcome: 'no-face',
      serverCount: null,
      reason: { code: 'no-face' },
    };
  const serverCount = countReps(t, s, top);
  if (Math.abs(serverCount - claimed) > RECOUNT_RULES.countTolerance)
    return {
      outcome: 'count-differs',
      serverCount,
      reason: { code: 'count-differs', counted: serverCount, claimed },
    };
  const { ends } = repTimes(t, s, top);
  // The device's trace rules, applied to the server's own measurement of the clip.
  if (implausibility(t, s, top)) {
    const f = traceFigures(t, s, top);
    const code =
      f.reps >= PLAUSIBLE.cvMinReps && f.repCv < PLAUSIBLE.minRepCv
        ? 'machine-beat'
        : f.faceSeconds >= PLAUSIBLE.turnsMinSeconds && f.extraTurns < PLAUSIBLE.minExtraTurns
          ? 'zoomed-photo'
          : 'implausible-pace';
    return { outcome: 'not-a-person', serverCount, reason: { code } };
  }
  if (trace && !repsAlign(ends, repTimes(trace.t, trace.s, trace.top).ends))
    return {
      outcome: 'trace-differs',
      serverCount,
      reason: { code: 'trace-differs' },
    };
  return {
    outcome: 'recounted',
    serverCount,
    reason: { code: 'recounted', counted: serverCount },
  };
}
