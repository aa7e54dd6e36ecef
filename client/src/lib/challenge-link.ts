import { defaultEntry, rankValue, type ChallengeId, type Scoring } from '@common/challenges';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@common/constants';
import { paths } from '@/config/paths';

// "Challenge a friend": /{slug}/timer?beat={score}&from={username}, on the challenge's own timer
// (/plank-drop/timer?beat=125 for a 2:05 hold; `&capped=1` for a for-time run that reached the
// cap: /mfm-challenge/timer?beat=312&from=ann&capped=1 is 312 reps at the cap). The share control
// builds the link; the timer reads it back. Values come from anyone's URL, so both are checked
// against the same rules as a saved score of that challenge and a username, and anything else is
// ignored as a whole. docs/decisions/0148-per-challenge-links-and-memory.md

export interface ChallengeTarget {
  beat: number;
  from: string;
  /** `beat` is the reps a for-time run reached at the cap (present only then). */
  capped?: true;
}

const DEFAULT_SCORING = defaultEntry().scoring!;

export function challengeLinkPath(
  beat: number,
  from: string,
  challenge?: ChallengeId,
  capped = false,
): string {
  const query = new URLSearchParams({
    beat: String(beat),
    from,
    ...(capped ? { capped: '1' } : {}),
  });
  return `${paths.timer.getHref(challenge)}?${query}`;
}

/** The range of `beat`: a for-time finish's seconds, or the reps of a capped run, or the score's. */
function beatRange(scoring: Scoring, capped: boolean): [number, number] {
  if (scoring.kind === 'for-time' && !capped) return [scoring.fastestSeconds, scoring.capSeconds];
  return [scoring.min, scoring.max];
}

/**
 * The target in a query string (with or without `?`), or null when absent or not valid. `scoring`
 * is the challenge's whose timer reads it (push-ups when not given): its range bounds `beat`.
 */
export function parseChallengeTarget(
  search: string,
  scoring: Scoring = DEFAULT_SCORING,
): ChallengeTarget | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const beatText = params.get('beat');
  const from = params.get('from');
  if (beatText === null || from === null) return null;
  const cappedText = params.get('capped');
  // Only `1`, and only where a score can be capped: anything else is not a link we made.
  if (cappedText !== null && (cappedText !== '1' || scoring.kind !== 'for-time')) return null;
  const capped = cappedText === '1';
  const [min, max] = beatRange(scoring, capped);
  // Plain digits only, no longer than the largest score: no signs, exponents or padding tricks.
  if (!new RegExp(`^[0-9]{1,${String(max).length}}$`).test(beatText)) return null;
  const beat = Number(beatText);
  if (beat < min || beat > max) return null;
  if (from.length < USERNAME_MIN || from.length > USERNAME_MAX || !USERNAME_PATTERN.test(from))
    return null;
  return capped ? { beat, from, capped: true } : { beat, from };
}

/**
 * Whether a score beats the target (a tie does not), by the challenge's rank: for a for-time
 * challenge a faster finish, any finish over a capped run, more reps at the cap.
 */
export function beatsTarget(
  score: number,
  target: ChallengeTarget,
  scoring?: Scoring,
  capped = false,
): boolean {
  if (!scoring) return score > target.beat;
  return (
    rankValue(scoring, score, capped) > rankValue(scoring, target.beat, target.capped === true)
  );
}
