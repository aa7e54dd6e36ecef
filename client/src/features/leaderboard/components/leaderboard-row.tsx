import { Link } from 'wouter';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { formatMedium } from '@/lib/medium-date';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';

// Gold, silver and bronze for the top three ranks (ties share the colour).
const PODIUM: Record<number, string> = {
  1: 'bg-amber-300 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
};

/** `overall`: on a filtered board the rank is still among everyone, and is read out so. */
export function RankBadge({ rank, overall = false }: { rank: number; overall?: boolean }) {
  return (
    <span
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-extrabold tabular-nums',
        PODIUM[rank] ?? 'bg-muted text-foreground',
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
      {overall ? <span className="sr-only"> overall</span> : null}
    </span>
  );
}

interface RowProps {
  entry: LeaderboardEntry;
  isViewer: boolean;
  compact?: boolean;
  /** The board is filtered: the rank shown is the overall one. */
  overall?: boolean;
}

function RowBody({ entry, isViewer, compact, overall }: RowProps) {
  return (
    <>
      <RankBadge rank={entry.rank} overall={overall} />
      <UserAvatar src={entry.profilePicture} name="" className="size-10" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-2">
          {/* A long name ends in an ellipsis; the full name stays in the tooltip and the link's name. */}
          <span className="min-w-0 truncate font-semibold" title={entry.username}>
            {entry.username}
          </span>
          {isViewer ? <Badge>You</Badge> : null}
        </span>
        {compact ? null : (
          <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
            {formatMedium(entry.createdAt)}
          </time>
        )}
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span className="flex items-center gap-1 text-xl font-extrabold tabular-nums text-primary">
          {entry.verified ? <VerifiedMark /> : null}
          {entry.pushups}
        </span>
        <span className="text-xs text-muted-foreground">push-ups</span>
      </span>
    </>
  );
}

/** One board row: a link to the person's profile, except the viewer's own row. */
export function LeaderboardRow({ entry, isViewer, compact, overall }: RowProps) {
  const base = 'flex min-h-16 items-center gap-3 rounded-xl px-3 py-2';
  if (isViewer) {
    return (
      <div
        className={cn(base, 'bg-accent/60 ring-1 ring-accent-border')}
        data-testid="leaderboard-own-row"
      >
        <RowBody entry={entry} isViewer compact={compact} overall={overall} />
      </div>
    );
  }
  return (
    <Link
      href={paths.publicProfile.getHref(entry.username)}
      className={cn(
        base,
        'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        // A row focused near an edge scrolls clear of the sticky header (3.5 rem) and of the
        // fixed challenge strip and navigation at the bottom (about 5.6 rem).
        'scroll-mb-32 scroll-mt-20',
      )}
    >
      <RowBody entry={entry} isViewer={false} compact={compact} overall={overall} />
    </Link>
  );
}
