import { CATALOGUE, DEFAULT_CHALLENGE, type ChallengeId, type Scoring } from '@common/challenges';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@common/constants';
import { paths } from '@/config/paths';

// "Challenge a friend": /{slug}/timer?beat={score}&from={username}, on the challenge's own timer
// (/90second/timer for push-ups, /plank-drop/timer?beat=125 for a 2:05 hold). The share control
// builds the link; the timer reads it back. Values come from anyone's URL, so both are checked
// against the same rules as a saved score of that challenge and a username, and anything else is
// ignored as a whole. docs/decisions/0148-per-challenge-links-and-memory.md

export interface ChallengeTarget {
  beat: number;
  from: string;
}

const PUSHUP_SCORING = CATALOGUE.find((c) => c.id === DEFAULT_CHALLENGE)!.scoring!;

export function challengeLinkPath(beat: number, from: string, challenge: ChallengeId = DEFAULT_CHALLENGE): string {
  return `${paths.timer.getHref(challenge)}?${new URLSearchParams({ beat: String(beat), from })}`;
}

/**
 * The target in a query string (with or without `?`), or null when absent or not valid. `scoring`
 * is the challenge's whose timer reads it (push-ups when not given): its range bounds `beat`.
 */
export function parseChallengeTarget(search: string, scoring: Scoring = PUSHUP_SCORING): ChallengeTarget | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const beatText = params.get('beat');
  const from = params.get('from');
  if (beatText === null || from === null) return null;
  // Plain digits only, no longer than the largest score: no signs, exponents or padding tricks.
  if (!new RegExp(`^[0-9]{1,${String(scoring.max).length}}$`).test(beatText)) return null;
  const beat = Number(beatText);
  if (beat < scoring.min || beat > scoring.max) return null;
  if (from.length < USERNAME_MIN || from.length > USERNAME_MAX || !USERNAME_PATTERN.test(from)) return null;
  return { beat, from };
}

/** Whether a score beats the target (a tie does not). */
export const beatsTarget = (score: number, target: ChallengeTarget) => score > target.beat;
