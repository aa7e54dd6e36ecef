import { formatHold, formatScore, rankValue } from './challenge-scores.ts';
import type { Scoring, Timer } from './challenges.ts';
import { say } from './say.ts';

// What a run is worth to the member: the best to beat before Start, this set against the last one
// and the best after it, and the pace of a counted run (reps per 15 s). Pure, so the screens and
// their tests share it. docs/decisions/0224-the-runs-payoff.md

/** A score as the comparisons read it: a capped "for time" run names it. */
export interface ScoreOf {
  score: number;
  capped?: boolean;
}

/** "Your best: 42 burpees — beat it", "Your best: 3:25 held — beat it". */
export const bestToBeatText = (scoring: Scoring, best: ScoreOf) =>
  say('Your best: {score} — beat it', {
    score: formatScore(scoring, best.score, best.capped ?? false),
  });

/** What a first-timer reads on the ready screen instead of a best (a msgid of common/locales/). */
export const FIRST_TIME_TEXT = 'Your first set sets the number to beat. Give it everything!';

export type Direction = 'up' | 'down' | 'same';

export interface Comparison {
  /** Better (up), worse (down) or equal, by rank: a faster finish is up, any finish beats a cap. */
  direction: Direction;
  /** By how much, in the challenge's words: "4 more burpees", "0:12 longer", "0:42 faster". */
  text: string;
}

/** How `set` compares with `other` (the last set, or the best), in the challenge's words. */
export function compareScores(scoring: Scoring, set: ScoreOf, other: ScoreOf): Comparison {
  const mine = rankValue(scoring, set.score, set.capped ?? false);
  const theirs = rankValue(scoring, other.score, other.capped ?? false);
  const direction: Direction = mine > theirs ? 'up' : mine < theirs ? 'down' : 'same';
  if (direction === 'same') return { direction, text: say('the same') };
  const up = direction === 'up';
  switch (scoring.kind) {
    case 'seconds':
      return {
        direction,
        text: say(up ? '{time} longer' : '{time} shorter', {
          time: formatHold(Math.abs(set.score - other.score)),
        }),
      };
    case 'for-time': {
      const setCapped = set.capped ?? false;
      const otherCapped = other.capped ?? false;
      if (!setCapped && !otherCapped)
        return {
          direction,
          text: say(up ? '{time} faster' : '{time} slower', {
            time: formatHold(Math.abs(set.score - other.score)),
          }),
        };
      if (setCapped !== otherCapped)
        return {
          direction,
          text: up ? say('a finish, not the cap') : say('the cap, not a finish'),
        };
      break;
    }
    default:
      break;
  }
  const n = Math.abs(set.score - other.score);
  return {
    direction,
    text: say(
      up
        ? `{n, plural, one {{n} more ${scoring.unitOne}} other {{n} more ${scoring.unit}}}`
        : `{n, plural, one {{n} fewer ${scoring.unitOne}} other {{n} fewer ${scoring.unit}}}`,
      { n },
    ),
  };
}

// ---- The pace -------------------------------------------------------------------------------

/** The width of one bar of the pace chart. */
export const PACE_BUCKET_MS = 15_000;
/** The most bars a pace may have: a 30-minute run is 120; twice that for slack. */
export const PACE_MAX_BUCKETS = 240;
/** The most samples a run keeps (one per change of the count; a 400-rep run tapped per rep). */
export const PACE_MAX_SAMPLES = 2_000;

/** One change of a run's count: ms since "Go" and the reps done from then on. */
export type PaceSample = [atMs: number, reps: number];

/** Whether a run of this timer is counted (a pace has meaning): every run but a hold's stopwatch. */
export const isCountedRun = (timer: Timer) => timer.mode !== 'stopwatch';

/** How long a counted run of `timer` lasts at most, in ms (a finish may end it sooner). */
export function runLengthMs(timer: Timer): number {
  switch (timer.mode) {
    case 'countdown':
    case 'rounds':
      return timer.seconds * 1000;
    case 'for-time':
      return timer.capSeconds * 1000;
    case 'stopwatch':
      return 0;
  }
}

/**
 * Reps per 15 s, from the run's samples (each the reps done from its time on), over `lengthMs`
 * (the run's length, or a finish's time): bar i is the reps done by its end less those done by
 * the one before. A count taken back across a bar's edge shows as 0 there, not below it; the
 * bars never add up to more than the count reached.
 */
export function paceBuckets(samples: readonly PaceSample[], lengthMs: number): number[] {
  const n = Math.min(PACE_MAX_BUCKETS, Math.max(0, Math.ceil(lengthMs / PACE_BUCKET_MS)));
  const sorted = [...samples].sort((a, b) => a[0] - b[0]);
  const buckets: number[] = [];
  let i = 0;
  let reps = 0;
  let shown = 0;
  for (let b = 0; b < n; b++) {
    const end = Math.min(lengthMs, (b + 1) * PACE_BUCKET_MS);
    // A sample at the very end of the run (the last tap) belongs to the last bar.
    while (i < sorted.length && (sorted[i]![0] < end || (b === n - 1 && sorted[i]![0] <= end)))
      reps = sorted[i++]![1];
    const bar = Math.max(0, reps - shown);
    buckets.push(bar);
    shown += bar;
  }
  return buckets;
}

/** The reps a score stands for: a finish did every rep; else the score (a hold has none). */
export function repsOfScore(scoring: Scoring, set: ScoreOf): number {
  if (scoring.kind === 'for-time' && !(set.capped ?? false)) return scoring.totalReps;
  return scoring.kind === 'seconds' ? 0 : set.score;
}

/**
 * A pace that fits its set: the bars add up to at most the reps of the score (a count lowered at
 * the entry trims the last bars). null when nothing was counted.
 */
export function paceForScore(
  scoring: Scoring,
  buckets: readonly number[],
  set: ScoreOf,
): number[] | null {
  let left = repsOfScore(scoring, set);
  const fitted = buckets.map((b) => {
    const kept = Math.max(0, Math.min(b, left));
    left -= kept;
    return kept;
  });
  return fitted.some((b) => b > 0) ? fitted : null;
}

/** Why a pace does not fit its set (the save's check), or null. */
export function paceProblem(
  scoring: Scoring,
  pace: readonly number[],
  set: ScoreOf,
): string | null {
  if (scoring.kind === 'seconds') return 'A hold has no pace';
  if (pace.length > PACE_MAX_BUCKETS) return `pace may hold at most ${PACE_MAX_BUCKETS} values`;
  const sum = pace.reduce((a, b) => a + b, 0);
  if (sum > repsOfScore(scoring, set)) return 'pace adds up to more reps than the score';
  return null;
}

/** The pace in a sentence for screen readers: "Reps per 15 s: 8, 7, 7, 6, 5, 4; fastest 8". */
export function paceSummary(pace: readonly number[]): string {
  return say('Reps per 15 seconds: {pace}; fastest {fastest}', {
    pace: pace.join(', '),
    fastest: Math.max(0, ...pace),
  });
}

/**
 * The pace of a saved run from its samples: over the whole run, or up to a finish; trimmed to the
 * score; null for a hold or when nothing was counted.
 */
export function paceOfRun(
  c: { scoring: Scoring; timer: Timer },
  samples: readonly PaceSample[] | undefined,
  set: ScoreOf,
): number[] | null {
  if (!isCountedRun(c.timer) || !samples || samples.length === 0) return null;
  const finished = c.scoring.kind === 'for-time' && !(set.capped ?? false);
  const lengthMs = finished ? set.score * 1000 : runLengthMs(c.timer);
  return paceForScore(c.scoring, paceBuckets(samples, lengthMs), set);
}
