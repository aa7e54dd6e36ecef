import { Skeleton } from '@/components/ui/skeleton';

export const EMPTY_BOARD_TEXT = 'No entries for this time period yet. Be the first!';

/** Placeholder rows while a board loads (announced once as a status). */
export function BoardSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">Loading leaderboard</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
