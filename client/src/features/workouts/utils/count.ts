import { catalogueEntries } from '@/config/catalogue';
import {
  defaultEntry,
  findEntry,
  scoreRangeError,
  type ChallengeId,
  type Scoring,
  type Words,
} from '@common/challenges';

/** The challenge a count is entered for; the default (push-up) challenge when none is named. */
export interface Scored {
  id: ChallengeId;
  scoring: Scoring;
  words?: Words;
}
const DEFAULT_ENTRY = defaultEntry();
export const PUSHUPS: Scored = {
  id: DEFAULT_ENTRY.id,
  scoring: DEFAULT_ENTRY.scoring!,
  words: DEFAULT_ENTRY.words,
};

/** Most a default-challenge set can count, in its range's words (as the save schema says it). */
export const COUNT_TOO_HIGH = scoreRangeError(PUSHUPS, PUSHUPS.scoring.max + 1)!;

/**
 * The count typed into the stepper: non-numeric input is 0, never below 0, whole. A count above
 * the maximum is kept as typed, so the field can say why it cannot be saved rather than change it
 * silently (docs/decisions/0093-count-and-time-ranges-under-the-field.md).
 */
export function parseCount(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

/** Within 0..max (the challenge's), for the minus and plus buttons. */
export function clampCount(n: number, max = PUSHUPS.scoring.max): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(max, Math.max(0, Math.trunc(n)));
}

/** The message under the count for a score that cannot be saved for being too high, or null. */
export const countTooHigh = (n: number, c: Scored = PUSHUPS) =>
  n > c.scoring.max ? scoreRangeError(withWords(c), n) : null;

/** A challenge with its entry's own words where the caller gave none (the spec's range messages). */
const withWords = (c: Scored): Scored =>
  c.words ? c : { ...c, words: findEntry(c.id, catalogueEntries())?.words };
