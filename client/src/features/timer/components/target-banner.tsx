import { Swords } from 'lucide-react';
import type { ChallengeTarget } from '@/lib/challenge-link';

/** "Target: 42 (from ann)": the count a friend's link asks to beat. Rendered as text only. */
export function TargetBanner({ target }: { target: ChallengeTarget }) {
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-xl border border-primary/30 bg-accent/50 px-3 py-2 font-semibold text-accent-foreground"
      data-testid="challenge-target"
    >
      <Swords className="size-4" aria-hidden="true" />
      Target: {target.beat} (from {target.from})
    </p>
  );
}
