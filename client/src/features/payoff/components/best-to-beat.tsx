import { Sparkles, Target } from 'lucide-react';
import { sayShared } from '@/lib/i18n';
import type { Scoring } from '@common/challenges';
import { bestToBeatText, FIRST_TIME_TEXT, type ScoreOf } from '@common/run-payoff';

/**
 * The ready screen's line before Start: the member's best in this challenge to beat ("Your best:
 * 42 burpees — beat it"), or, before their first set, a word of encouragement. `best` undefined
 * while it loads (nothing shown), null for a first-timer.
 */
export function BestToBeat({
  scoring,
  best,
}: {
  scoring: Scoring;
  best: ScoreOf | null | undefined;
}) {
  if (best === undefined) return null;
  const Icon = best ? Target : Sparkles;
  return (
    <p
      className="flex items-center justify-center gap-2 text-center text-sm font-semibold text-foreground"
      data-testid="best-to-beat"
    >
      <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {best ? bestToBeatText(scoring, best) : sayShared(FIRST_TIME_TEXT)}
    </p>
  );
}
