import { hasVerifiedBoard } from '@common/challenges';
import { patternsOf, paths } from '@/config/paths';
import { leaderboardPath, NO_FILTERS } from '@/features/leaderboard/api/leaderboard-path';
import { periodAndKind } from '@/features/leaderboard/utils/board-period';
import { publicProfilePath } from '@/features/users/api/public-profile-path';
import { prefetch } from '@/lib/api-client';
import { defaultOpenChallenge, openChallengeForPath, servedChallenges } from '@/lib/challenges';
import { viewerTimeZone } from '@/lib/time-zone';

/**
 * The first `:param` of the route's patterns that `pathname` matches (any case, an optional final
 * slash, as the router matches). The patterns hold only letters, digits and slashes, so they need
 * no escaping; a username is letters, digits and `_.-` (common/constants.ts), never %-encoded.
 */
function matchParam(route: (typeof paths)[keyof typeof paths], pathname: string) {
  for (const pattern of patternsOf(route, servedChallenges())) {
    const m = new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}/?$`, 'i').exec(pathname);
    if (m) return m[1] ?? '';
  }
  return null;
}

/**
 * On the first page load, the public screens people land on from links ask for their data at
 * once, beside their code, rather than after it has loaded and rendered: the board the address
 * names (its challenge, period and kind, unfiltered: filters narrow that page on the client), a profile is
 * its username. The screen's query takes the answer
 * (lib/api-client.ts, prefetch). docs/decisions/0068-lighthouse-leaderboard-and-profile.md
 */
export function prefetchRouteData(pathname: string, search = '') {
  if (matchParam(paths.leaderboard, pathname) !== null) {
    const board = periodAndKind(new URLSearchParams(search));
    const challenge = openChallengeForPath(pathname) ?? defaultOpenChallenge();
    // Only a challenge with a Verified board has a camera-counted kind (common/challenges.ts).
    const kind = challenge && hasVerifiedBoard(challenge) ? board.kind : 'all';
    prefetch(leaderboardPath(board.period, viewerTimeZone(), NO_FILTERS, kind, challenge?.id));
  }
  const username = matchParam(paths.publicProfile, pathname);
  if (username) prefetch(publicProfilePath(username));
}
