import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/lib/time-zone';
import { useMyStanding } from '../api/get-my-standing';

/**
 * "You're #4 today" after a save, with a link to today's board (the board opens on Today). Read
 * after the save, so the save itself stays one insert (docs/decisions/0054-after-a-save.md). The
 * rank is the board's own (/me): a private member is on no board others see, and is told so as
 * on the leaderboard (docs/decisions/0045-privacy-settings.md).
 */
export function TodayRank({ isPrivate = false }: { isPrivate?: boolean }) {
  const me = useMyStanding('today', viewerTimeZone(), { enabled: true });
  if (me.isPending) return <Skeleton className="mx-auto h-6 w-40" />;
  // A set dated on an earlier day leaves no standing today; a failed read says nothing.
  if (me.isError || me.data === null) return null;
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
      <span className="font-semibold" data-testid="today-rank">
        You&apos;re #{me.data.rank} today
      </span>
      {isPrivate ? (
        <span className="text-xs font-semibold text-accent-foreground" data-testid="today-rank-private">
          Only you can see this
        </span>
      ) : null}
      <Link
        href={paths.leaderboard.getHref()}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        <Trophy className="size-4" aria-hidden="true" />
        See today&apos;s board
      </Link>
    </p>
  );
}
