import { PUSHUPS_MAX, PUSHUPS_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@common/constants';
import { paths } from '@/config/paths';

// "Challenge a friend": /90second/timer?beat={count}&from={username}. The share control builds
// the link; the timer reads it back. Values come from anyone's URL, so both are checked against
// the same rules as a saved count and a username, and anything else is ignored as a whole.

export interface ChallengeTarget {
  beat: number;
  from: string;
}

export function challengeLinkPath(beat: number, from: string): string {
  return `${paths.timer.getHref()}?${new URLSearchParams({ beat: String(beat), from })}`;
}

/** The target in a query string (with or without `?`), or null when absent or not valid. */
export function parseChallengeTarget(search: string): ChallengeTarget | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const beatText = params.get('beat');
  const from = params.get('from');
  if (beatText === null || from === null) return null;
  if (!/^[0-9]{1,3}$/.test(beatText)) return null;
  const beat = Number(beatText);
  if (beat < PUSHUPS_MIN || beat > PUSHUPS_MAX) return null;
  if (from.length < USERNAME_MIN || from.length > USERNAME_MAX || !USERNAME_PATTERN.test(from)) return null;
  return { beat, from };
}

/** Whether a count beats the target (a tie does not). */
export const beatsTarget = (count: number, target: ChallengeTarget) => count > target.beat;
