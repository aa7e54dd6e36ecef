import { hasVerifiedBoard } from '@common/challenges';
import { leaderboardPath, NO_FILTERS } from '@/features/leaderboard/api/leaderboard-path';
import { periodAndKind } from '@/features/leaderboard/utils/board-period';
import { prefetch } from '@/lib/api-client';
import { boardChallenge } from '@/lib/challenges';
import { viewerTimeZone } from '@/lib/time-zone';

/**
 * The board a board's address names (its challenge, period and kind, unfiltered: filters narrow
 * that page on the client), asked for beside the board's code (./route-data.ts). A chunk of its own
 * with its helpers, which the server preloads on a board's address (scripts/vite-route-preloads.ts),
 * so that every other page's first script does without them
 * (docs/decisions/0310-the-first-script-trimmed.md).
 */
export function prefetchBoard(pathname: string, search: string) {
  const { period, kind } = periodAndKind(new URLSearchParams(search));
  const challenge = boardChallenge(pathname);
  // Only a challenge with a Verified board has a camera-counted kind (common/challenges.ts).
  const shown = challenge && hasVerifiedBoard(challenge) ? kind : 'all';
  prefetch(leaderboardPath(period, viewerTimeZone(), NO_FILTERS, shown, challenge?.id));
}
