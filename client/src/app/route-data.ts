import { patternsOf, paths } from '@/config/paths';
import { leaderboardPath } from '@/features/leaderboard/api/leaderboard-path';
import { publicProfilePath } from '@/features/users/api/public-profile-path';
import { prefetch } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';

/**
 * The `:param` values when `pathname` matches `pattern`, as the router matches: the path decoded
 * with decodeURI, any case, an optional final slash.
 */
function match(pattern: string, pathname: string): Record<string, string> | null {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Left as it is, as the router does.
  }
  const want = pattern.split('/');
  const got = path.replace(/(.)\/$/, '$1').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = got[i]!;
    else if (part.toLowerCase() !== got[i]!.toLowerCase()) return null;
  }
  return params;
}

const firstMatch = (route: (typeof paths)[keyof typeof paths], pathname: string) =>
  patternsOf(route)
    .map((p) => match(p, pathname))
    .find((m) => m !== null) ?? null;

/**
 * On the first page load, the public screens people land on from links ask for their data at
 * once, beside their code, rather than after it has loaded and rendered: the board opens on Today
 * with no filters, a profile is its username. The screen's query takes the answer
 * (lib/api-client.ts, prefetch). docs/decisions/1259-lighthouse-leaderboard-and-profile.md
 */
export function prefetchRouteData(pathname: string) {
  if (firstMatch(paths.leaderboard, pathname)) prefetch(leaderboardPath('today', viewerTimeZone()));
  const profile = firstMatch(paths.publicProfile, pathname);
  if (profile?.username) prefetch(publicProfilePath(profile.username));
}
