import type { CatalogueEntry, ChallengeId, Scoring } from './challenges';
import { say } from './say.ts';

// A score's meaning, by how its challenge is scored (common/challenges.ts, Scoring): its range,
// its rank, and how it is written. One whole number per set, with `capped` for a capped
// "for time" set. Words are said in the reader's language (common/say.ts).

/** Whole seconds as m:ss, or h:mm:ss from an hour: 65 -> "1:05", 3725 -> "1:02:05". */
export function formatHold(totalSeconds: number): string {
  const s = Math.max(0, Math.trunc(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A 'for-time' finisher ranks above every capped set: its rank is this less its seconds. */
export const FINISHED_RANK = 1_000_000;

/**
 * The value boards rank by, more is better for every challenge: the score, or for a 'for-time'
 * set a finish's FINISHED_RANK - seconds (a faster finish ranks higher, any finish above any cap)
 * and a capped set's reps.
 */
export function rankValue(scoring: Scoring, score: number, capped = false): number {
  if (scoring.kind !== 'for-time') return score;
  return capped ? score : FINISHED_RANK - score;
}

/** The score and cap mark a rank value stands for (rankValue's inverse). */
export function fromRankValue(scoring: Scoring, rank: number): { score: number; capped: boolean } {
  if (scoring.kind !== 'for-time') return { score: rank, capped: false };
  return rank > FINISHED_RANK - scoring.capSeconds - 1
    ? { score: FINISHED_RANK - rank, capped: false }
    : { score: rank, capped: true };
}

/** Whether a lower score is the better one (a finish time): charts and bests read it. */
export const lowerIsBetter = (scoring: Scoring, capped = false) =>
  scoring.kind === 'for-time' && !capped;

/** Whether a set of this scoring may be marked capped. */
export const canBeCapped = (scoring: Scoring) => scoring.kind === 'for-time';

/** Whole rounds and the reps of the unfinished one, from a 'rounds' score (total reps). */
export function roundsOf(scoring: Scoring, score: number): { rounds: number; extra: number } {
  const per = scoring.kind === 'rounds' ? scoring.repsPerRound : 1;
  return { rounds: Math.floor(score / per), extra: score % per };
}

/** "42 burpees", "1 push-up": one message per unit, so each language has its plural forms. */
export const unitCount = (scoring: Pick<Scoring, 'unit' | 'unitOne'>, n: number) =>
  say(`{n, plural, one {{n} ${scoring.unitOne}} other {{n} ${scoring.unit}}}`, { n });

/**
 * A score with its unit, as boards and stats show it: "42 burpees", "1 push-up", "3:25 held",
 * "7 rounds + 9", "18:42", "CAP + 312 reps".
 */
export function formatScore(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return say('{time} held', { time: formatHold(score) });
    case 'rounds': {
      const { rounds, extra } = roundsOf(scoring, score);
      return say('{rounds, plural, one {{rounds} round} other {{rounds} rounds}} + {extra}', {
        rounds,
        extra,
      });
    }
    case 'for-time':
      return capped ? say('CAP + {reps}', { reps: unitCount(scoring, score) }) : formatHold(score);
    case 'reps':
      return unitCount(scoring, score);
  }
}

/** A score without words, for tight columns: "42", "3:25", "7+9", "CAP+312". */
export function formatScoreShort(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return formatHold(score);
    case 'rounds': {
      const { rounds, extra } = roundsOf(scoring, score);
      return `${rounds}+${extra}`;
    }
    case 'for-time':
      return capped ? `CAP+${score}` : formatHold(score);
    case 'reps':
      return String(score);
  }
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/**
 * The message for a score outside the challenge's range (or, for a finish, faster than is
 * plausible), naming the range in its unit; null when it fits. An entry may give its own words.
 */
export function scoreRangeError(
  c: { id: ChallengeId; scoring: Scoring; words?: CatalogueEntry['words'] },
  score: number,
  capped = false,
): string | null {
  const { scoring } = c;
  const own = c.words?.rangeErrors;
  const whole = Number.isInteger(score);
  if (scoring.kind === 'for-time' && !capped) {
    if (whole && score >= scoring.fastestSeconds && score <= scoring.capSeconds) return null;
    if (whole && score > 0 && score < scoring.fastestSeconds)
      return say(
        'A finish faster than {fastest} is not plausible: check the time, or enter the reps done at the cap',
        { fastest: formatHold(scoring.fastestSeconds) },
      );
    return say('The time must be whole seconds from {fastest} to {cap}', {
      fastest: formatHold(scoring.fastestSeconds),
      cap: formatHold(scoring.capSeconds),
    });
  }
  if (whole && score >= scoring.min && score <= scoring.max) return null;
  if (own) {
    const values = { min: scoring.min, max: scoring.max };
    if (!whole) return say(own.notWhole, values);
    return say(score < scoring.min ? own.tooLow : own.tooHigh, values);
  }
  if (scoring.kind === 'seconds')
    return say(
      'The hold must be a whole number of seconds from {min} to {max} ({minTime} to {maxTime})',
      {
        min: scoring.min,
        max: scoring.max,
        minTime: formatHold(scoring.min),
        maxTime: formatHold(scoring.max),
      },
    );
  if (scoring.kind === 'for-time')
    return say('Reps at the cap must be a whole number from {min} to {max}', {
      min: scoring.min,
      max: scoring.max,
    });
  return say('{label} must be a whole number from {min} to {max}', {
    label: say(scoring.label),
    min: scoring.min,
    max: scoring.max,
  });
}

/** The message for a missing score. */
export const scoreRequiredError = (c: { scoring: Scoring; words?: CatalogueEntry['words'] }) =>
  c.words?.rangeErrors?.required
    ? say(c.words.rangeErrors.required)
    : say('{label} is required', { label: say(c.scoring.label) });

/**
 * How long a set of this score took, in seconds, when the score says it (a hold, a finish, a
 * capped run): the set began that long before it ended. null when the score is a count.
 */
export function timedScoreSeconds(scoring: Scoring, score: number, capped = false): number | null {
  if (scoring.kind === 'seconds') return score;
  if (scoring.kind === 'for-time') return capped ? scoring.capSeconds : score;
  return null;
}

/**
 * A timed score that would have begun before its owner joined: a hold of S seconds cannot end
 * less than S seconds after the account was made (docs/decisions/0204-a-hold-begins-after-joining.md).
 * `at` is when the set ended (its createdAt); null when the set fits.
 */
export function timedScoreStartError(
  scoring: Scoring,
  score: number,
  at: Date,
  joinedAt: Date | undefined,
  capped = false,
): string | null {
  const seconds = timedScoreSeconds(scoring, score, capped);
  if (seconds === null || !joinedAt) return null;
  if (at.getTime() - seconds * 1000 >= joinedAt.getTime()) return null;
  const time = formatHold(seconds);
  return scoring.kind === 'seconds'
    ? say('A {time} hold ending then would have begun before you joined FitBench', { time })
    : say('A {time} run ending then would have begun before you joined FitBench', { time });
}

export { fill as fillWords };

/**
 * Whether a saved set beats the member's previous best (a save's `previousBest` and
 * `previousBestCapped`; null: a first set has nothing to beat), by rank value: more reps, a longer
 * hold, a faster finish, any finish over a capped run.
 */
export function beatsPreviousBest(
  scoring: Scoring,
  set: { score: number; capped?: boolean },
  previous: { previousBest: number | null; previousBestCapped?: boolean },
): boolean {
  if (previous.previousBest === null) return false;
  return (
    rankValue(scoring, set.score, set.capped ?? false) >
    rankValue(scoring, previous.previousBest, previous.previousBestCapped ?? false)
  );
}
