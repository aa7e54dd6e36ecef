import { catalogueEntries } from '@/config/catalogue';
import {
  defaultEntry,
  findEntry,
  formatHold,
  formatScore,
  type ChallengeId,
  type Scoring,
} from '@common/challenges';
import { formatCount } from '@/lib/format-number';

// A workout's score in its challenge's unit, wherever this feature shows one: "42 burpees",
// "1 push-up", "3:25 held", "7 rounds + 9", "18:42", "CAP + 312 reps". A workout names its
// challenge; the catalogue says how it is scored.

const DEFAULT_SCORING = defaultEntry().scoring!;

/** The scoring of a catalogue entry (open or not: an old set of a closed challenge still shows). */
export const scoringOf = (challenge: ChallengeId | undefined): Scoring =>
  findEntry(challenge, catalogueEntries())?.scoring ?? DEFAULT_SCORING;

/** "12 push-ups", "1 burpee", "3:25 held", "7 rounds + 9", "CAP + 312 reps" (counts with separators). */
export function scoreLabel(scoring: Scoring, score: number, capped = false): string {
  if (scoring.kind === 'reps')
    return `${formatCount(score)} ${score === 1 ? scoring.unitOne : scoring.unit}`;
  return formatScore(scoring, score, capped);
}

/** The score alone, for a badge or an axis: "42", "3:25", "7+9", "18:42", "CAP 312". */
export function scoreShort(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return formatHold(score);
    case 'rounds':
      return `${Math.floor(score / scoring.repsPerRound)}+${score % scoring.repsPerRound}`;
    case 'for-time':
      return capped ? `CAP ${formatCount(score)}` : formatHold(score);
    case 'reps':
      return formatCount(score);
  }
}

/** The unit under a big number: "push-ups", "burpee", "held", "rounds + reps", "finished", "reps at the cap". */
export function unitWord(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return 'held';
    case 'rounds':
      return 'rounds + reps';
    case 'for-time':
      return capped
        ? score === 1
          ? `${scoring.unitOne} at the cap`
          : `${scoring.unit} at the cap`
        : 'to finish';
    case 'reps':
      return score === 1 ? scoring.unitOne : scoring.unit;
  }
}
