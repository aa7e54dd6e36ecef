import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Scoring } from '@common/challenges';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { AwaitingReviewBadge, TierBadge } from '@/components/ui/tier-badge';
import { WatchProofDialog } from '@/components/ui/proof-clip';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { scoredOf } from '@/lib/score-figure';
import { formatDateMedium } from '@/lib/format-date';
import { scoreParts } from '../utils/score';

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
        'flex size-8 shrink-0 items-center sm:size-9 justify-center rounded-full text-sm font-extrabold tabular-nums',
        PODIUM[rank] ?? 'bg-muted text-foreground',
      )}
    >
      {/* Read as "Rank 4 overall"; the figure alone shows. */}
      <span className="sr-only">{t`Rank`} </span>
      {rank}
      {overall ? <span className="sr-only"> {t`overall`}</span> : null}
    </span>
  );
}

interface RowProps {
  entry: LeaderboardEntry;
  /** The board's challenge's scoring: the score's unit ("42 burpees", "3:25 held", "18:42"). */
  scoring: Scoring;
  isViewer: boolean;
  compact?: boolean;
  /** The board is filtered: the rank shown is the overall one. */
  overall?: boolean;
  /** A word under the name from the route (moderators: "Awaiting review"). */
  note?: ReactNode;
}

interface LeaderboardRowProps extends RowProps {
  /**
   * A control beside another member's row (the route's Report action): outside the row's link,
   * since a button inside a link is neither valid nor reachable on its own.
   */
  action?: ReactNode;
}

/** A row's score in the board's words ("CAP + 312" "reps" for a capped run). */
const rowScore = (scoring: Scoring, entry: LeaderboardEntry) => {
  const { score, capped } = scoredOf(entry);
  return scoreParts(scoring, score, capped);
};

function RowBody({ entry, scoring, isViewer, compact, overall, note }: RowProps) {
  const score = rowScore(scoring, entry);
  return (
    <>
      <RankBadge rank={entry.rank} overall={overall} />
      <UserAvatar src={entry.profilePicture} name="" className="sm:size-10" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-2">
          {/* A long name ends in an ellipsis; the full name stays in the tooltip and the link's name. */}
          <span className="min-w-0 truncate font-semibold" title={entry.username}>
            {entry.username}
          </span>
          {isViewer ? <Badge>{t`You`}</Badge> : null}
          {compact ? <TierBadge tier={entry.tier} iconOnly /> : null}
        </span>
        {compact ? null : (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
              {formatDateMedium(entry.createdAt)}
            </time>
            <TierBadge tier={entry.tier} />
            {entry.awaitingReview ? <AwaitingReviewBadge /> : null}
          </span>
        )}
        {compact && entry.awaitingReview ? <AwaitingReviewBadge className="mt-0.5" /> : null}
        {note}
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span className="flex items-center gap-1 text-xl font-extrabold tabular-nums text-primary">
          {score.value}
        </span>
        <span className="text-xs text-muted-foreground">{score.unit}</span>
      </span>
    </>
  );
}

/** One board row: a link to the person's profile, except the viewer's own row. */
export function LeaderboardRow({
  entry,
  scoring,
  isViewer,
  compact,
  overall,
  note,
  action,
}: LeaderboardRowProps) {
  // Narrow gaps on a phone: the name gets the room (docs/decisions/0199-board-entries-lead.md).
  const base = 'flex min-h-16 items-center gap-2 rounded-xl px-2 py-2 sm:gap-3 sm:px-3';
  if (isViewer) {
    return (
      <div
        className={cn(base, 'bg-accent/60 ring-1 ring-accent-border')}
        data-testid="leaderboard-own-row"
      >
        <RowBody
          entry={entry}
          scoring={scoring}
          isViewer
          compact={compact}
          overall={overall}
          note={note}
        />
      </div>
    );
  }
  const link = (
    <Link
      href={paths.publicProfile.getHref(entry.username)}
      className={cn(
        base,
        'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        // A row focused near an edge scrolls clear of the sticky header (3.5 rem) and of the
        // fixed challenge strip and navigation at the bottom (about 5.6 rem).
        'scroll-mb-32 scroll-mt-20',
        action ? 'min-w-0 flex-1' : null,
      )}
    >
      <RowBody
        entry={entry}
        scoring={scoring}
        isViewer={false}
        compact={compact}
        overall={overall}
        note={note}
      />
    </Link>
  );
  if (!action) return link;
  return (
    <div className="flex items-center gap-1">
      {link}
      {action}
    </div>
  );
}

/** "Watch proof" beside an entry whose set has a clip anyone may watch (entry.hasClip). */
export function WatchProof({ entry, scoring }: { entry: LeaderboardEntry; scoring: Scoring }) {
  const name = entry.username;
  const score = rowScore(scoring, entry).label;
  const date = formatDateMedium(entry.createdAt);
  return (
    <WatchProofDialog
      workoutId={entry.id}
      name={t`Watch proof of ${name}'s ${score}`}
      title={t`Proof: ${name}'s ${score}`}
      description={t`Recorded by the camera on ${date}, while it counted the set.`}
      compact
    />
  );
}
