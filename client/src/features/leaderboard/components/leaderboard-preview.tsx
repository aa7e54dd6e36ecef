import { t } from '@lingui/core/macro';
import type { OpenChallenge } from '@common/challenges';
import { LEADERBOARD_PREVIEW } from '@common/constants';
import { Button } from '@/components/ui/button';
import { viewerTimeZone } from '@/lib/time-zone';
import { useLeaderboard } from '../api/get-leaderboard';
import { BoardSkeleton, emptyBoardText } from './board-skeleton';
import { LeaderboardRow } from './leaderboard-row';

/** Today's top three (the challenge home's Today's Leaders); shares the Today board's cache. */
export function LeaderboardPreview({
  challenge,
  viewerUsername,
}: {
  challenge: OpenChallenge;
  viewerUsername: string | null;
}) {
  const board = useLeaderboard('today', viewerTimeZone(), undefined, { challenge: challenge.id });
  if (board.isPending) return <BoardSkeleton rows={LEADERBOARD_PREVIEW} />;
  if (board.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-2 py-4 text-center text-sm">
        <p>{t`Could not load today's leaders.`}</p>
        <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  const top = board.data.slice(0, LEADERBOARD_PREVIEW);
  if (top.length === 0)
    return <p className="py-4 text-center text-sm text-muted-foreground">{emptyBoardText()}</p>;
  return (
    <ol className="grid gap-1" aria-label={t`Today's leaders`}>
      {top.map((entry) => (
        <li key={entry.username}>
          <LeaderboardRow
            entry={entry}
            scoring={challenge.scoring}
            isViewer={entry.username === viewerUsername}
            compact
          />
        </li>
      ))}
    </ol>
  );
}
