import { t } from '@lingui/core/macro';
import { catalogueEntries } from '@/config/catalogue';
import { sayShared } from '@/lib/i18n';
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
  if (scoring.kind === 'reps') {
    const count = formatCount(score);
    const unit = sayShared(score === 1 ? scoring.unitOne : scoring.unit)!;
    return t`${count} ${unit}`;
  }
  return sayShared(formatScore(scoring, score, capped))!;
}

/** The score alone, for a badge or an axis: "42", "3:25", "7+9", "18:42", "CAP 312". */
export function scoreShort(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return formatHold(score);
    case 'rounds':
      return `${Math.floor(score / scoring.repsPerRound)}+${score % scoring.repsPerRound}`;
    case 'for-time':
      if (capped) {
        const reps = formatCount(score);
        return t`CAP ${reps}`;
      }
      return formatHold(score);
    case 'reps':
      return formatCount(score);
  }
}

/** The unit under a big number: "push-ups", "burpee", "held", "rounds + reps", "finished", "reps at the cap". */
export function unitWord(scoring: Scoring, score: number, capped = false): string {
  switch (scoring.kind) {
    case 'seconds':
      return t`held`;
    case 'rounds':
      return t`rounds + reps`;
    case 'for-time': {
      if (!capped) return t`to finish`;
      const unit = sayShared(score === 1 ? scoring.unitOne : scoring.unit)!;
      return t`${unit} at the cap`;
    }
    case 'reps':
      return sayShared(score === 1 ? scoring.unitOne : scoring.unit)!;
  }
}
