import { CATALOGUE, DEFAULT_CHALLENGE, formatHold, type ChallengeId, type Scoring } from '@common/challenges';
import { formatCount } from '@/lib/format-number';

// A workout's score in its challenge's unit, wherever this feature shows one: "42 burpees",
// "1 push-up", "3:25 held". A workout names its challenge; the catalogue says how it is scored.

const PUSHUP_SCORING = CATALOGUE.find((c) => c.id === DEFAULT_CHALLENGE)!.scoring!;

/** The scoring of a catalogue entry (open or not: an old set of a closed challenge still shows). */
export const scoringOf = (challenge: ChallengeId | undefined): Scoring =>
  CATALOGUE.find((c) => c.id === challenge)?.scoring ?? PUSHUP_SCORING;

/** "12 push-ups", "1 burpee", "3:25 held" (counts with thousands separators). */
export function scoreLabel(scoring: Scoring, score: number): string {
  if (scoring.kind === 'seconds') return `${formatHold(score)} held`;
  return `${formatCount(score)} ${score === 1 ? scoring.unitOne : scoring.unit}`;
}

/** The score alone, for a badge or an axis: "42", "3:25". */
export const scoreShort = (scoring: Scoring, score: number) =>
  scoring.kind === 'seconds' ? formatHold(score) : formatCount(score);

/** The unit under a big number: "push-ups", "burpee", "held". */
export const unitWord = (scoring: Scoring, score: number) =>
  scoring.kind === 'seconds' ? 'held' : score === 1 ? scoring.unitOne : scoring.unit;
