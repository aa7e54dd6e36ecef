import { formatScoreShort, type Scoring } from '@common/challenges';

/**
 * A score as a board row shows it: the figure, large, and its unit below it: "42" "burpees",
 * "3:25" "held". Read together they say what common/challenges.ts's formatScore says.
 */
export function scoreParts(scoring: Scoring, score: number): { value: string; unit: string } {
  if (scoring.kind === 'seconds') return { value: formatScoreShort(scoring, score), unit: 'held' };
  return { value: String(score), unit: score === 1 ? scoring.unitOne : scoring.unit };
}
