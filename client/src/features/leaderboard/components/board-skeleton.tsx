import { t } from '@lingui/core/macro';
import { Skeleton } from '@/components/ui/skeleton';

/** What an empty board says (the spec's words). */
export const emptyBoardText = () => t`No entries for this time period yet. Be the first!`;

/** Placeholder rows while a board loads (announced once as a status). */
export function BoardSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{t`Loading leaderboard`}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
