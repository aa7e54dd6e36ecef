import { patternsOf, paths } from '@/config/paths';
import { publicProfilePath } from '@/features/users/api/public-profile-path';
import { prefetch } from '@/lib/api-client';
import { servedChallenges } from '@/lib/challenges';

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
 * The board's is asked for by ./board-prefetch.ts, a chunk the server preloads on a board's
 * address; the promise settles once it has been asked for (tests wait for it).
 */
export async function prefetchRouteData(pathname: string, search = ''): Promise<void> {
  const username = matchParam(paths.publicProfile, pathname);
  if (username) prefetch(publicProfilePath(username));
  if (matchParam(paths.leaderboard, pathname) !== null) {
    await import('./board-prefetch').then(
      (m) => m.prefetchBoard(pathname, search),
      // Its chunk could not load (offline without a worker): the board asks when it shows.
      () => undefined,
    );
  }
}
