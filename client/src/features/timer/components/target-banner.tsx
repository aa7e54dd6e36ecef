import { t } from '@lingui/core/macro';
import { Swords } from 'lucide-react';
import { formatScoreShort, type Scoring } from '@common/challenges';
import type { ChallengeTarget } from '@/lib/challenge-link';

/**
 * "Target: 42 (from ann)", "Target: 1:05 (from ann)" on a hold: the score a friend's link asks to
 * beat. Rendered as text only.
 */
export function TargetBanner({ target, scoring }: { target: ChallengeTarget; scoring: Scoring }) {
  const targetText = formatScoreShort(scoring, target.beat, target.capped);
  const from = target.from;
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-xl border border-primary/30 bg-accent/50 px-3 py-2 font-semibold text-accent-foreground"
      data-testid="challenge-target"
    >
      <Swords className="size-4" aria-hidden="true" />
      {t`Target: ${targetText} (from ${from})`}
    </p>
  );
}
