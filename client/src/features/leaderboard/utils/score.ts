import { formatScore, formatScoreShort, type Scoring } from '@common/challenges';

/**
 * A score as a board row shows it: the figure, large, and its words below it: "42" "burpees",
 * "3:25" "held", "18:42" "to finish", "CAP + 312" "reps", "7 rounds + 9" "114 reps". `label` is
 * the whole score in words (common/challenges.ts's formatScore): "CAP + 312 reps".
 */
export function scoreParts(
  scoring: Scoring,
  score: number,
  capped = false,
): { value: string; unit: string; label: string } {
  const label = formatScore(scoring, score, capped);
  const reps = (n: number) => (n === 1 ? scoring.unitOne : scoring.unit);
  switch (scoring.kind) {
    case 'seconds':
      return { value: formatScoreShort(scoring, score), unit: 'held', label };
    case 'rounds':
      return { value: label, unit: `${score} ${reps(score)}`, label };
    case 'for-time':
      return capped
        ? { value: `CAP + ${score}`, unit: reps(score), label }
        : { value: formatScoreShort(scoring, score), unit: 'to finish', label };
    case 'reps':
      return { value: String(score), unit: reps(score), label };
  }
}
