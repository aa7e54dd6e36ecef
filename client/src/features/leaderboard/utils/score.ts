import { plural, t } from '@lingui/core/macro';
import { formatScore, formatScoreShort, roundsOf, type Scoring } from '@common/challenges';
import { sayShared } from '@/lib/i18n';

/**
 * A score as a board row shows it: the figure, large, and its words below it: "42" "burpees",
 * "3:25" "held", "18:42" "to finish", "CAP + 312" "reps", "7" "rounds + 9". `label` is
 * the whole score in words (common/challenges.ts's formatScore): "CAP + 312 reps".
 */
export function scoreParts(
  scoring: Scoring,
  score: number,
  capped = false,
): { value: string; unit: string; label: string } {
  const label = formatScore(scoring, score, capped);
  const reps = (n: number) => sayShared(n === 1 ? scoring.unitOne : scoring.unit)!;
  switch (scoring.kind) {
    case 'seconds':
      return { value: formatScoreShort(scoring, score), unit: t`held`, label };
    case 'rounds': {
      // "7" over "rounds + 9": narrow enough for a phone's row, read together as formatScore says.
      const { rounds, extra } = roundsOf(scoring, score);
      return {
        value: String(rounds),
        unit: plural(rounds, { one: `round + ${extra}`, other: `rounds + ${extra}` }),
        label,
      };
    }
    case 'for-time':
      return capped
        ? { value: t`CAP + ${score}`, unit: reps(score), label }
        : { value: formatScoreShort(scoring, score), unit: t`to finish`, label };
    case 'reps':
      return { value: String(score), unit: reps(score), label };
  }
}
