import { DEFAULT_CHALLENGE, isDefaultId, type ChallengeId } from '@common/challenges';
import { LEADERBOARD_LIMIT_DEFAULT } from '@common/constants';
import type { LeaderboardPeriod } from '@common/leaderboard';
import type { LeaderboardQuery } from '@common/schemas/leaderboard';

export type LeaderboardFilters = Pick<LeaderboardQuery, 'ageGroup' | 'gender'>;

export const NO_FILTERS: LeaderboardFilters = { ageGroup: 'all', gender: 'all' };

/** One page of a board; rows past this many come back only when a filter asks the server. */
export const LEADERBOARD_PAGE = LEADERBOARD_LIMIT_DEFAULT;

/** Which board: everyone's best set, or each member's best set counted by camera. */
export type BoardKind = 'all' | 'verified';

/**
 * Whose board: everyone's, the signed-in member's and the people they follow
 * (docs/product.md#following), or one of the member's clubs (its members only, asked of the club's
 * own route). Each says how it is asked of the API (boardBase, addScope) and how it is written in
 * the address (utils/board-url.ts).
 */
export type BoardScope =
  { kind: 'everyone' } | { kind: 'following' } | { kind: 'club'; slug: string; name: string };

export const EVERYONE: BoardScope = { kind: 'everyone' };

/** The scope as one string: in query keys and the address (`following`, `club:{slug}`). */
export const scopeKey = (scope: BoardScope): string =>
  scope.kind === 'club' ? `club:${scope.slug}` : scope.kind;

/** The route a scope's board is read from: a club's board is the club's own. */
export const boardBase = (scope: BoardScope): string =>
  scope.kind === 'club'
    ? `/api/clubs/${encodeURIComponent(scope.slug)}/leaderboard`
    : '/api/leaderboard';

/** The API's `scope=` for a board that is not everyone's. */
function addScope(params: URLSearchParams, scope: BoardScope) {
  if (scope.kind === 'following') params.set('scope', 'following');
}

/**
 * `?challenge=` for a challenge's board; none for the default challenge's board, the server's default, so its
 * address (and cache entries, and prefetch) stay what they were.
 */
export function challengeParams(challenge: ChallengeId, init: Record<string, string>) {
  const params = new URLSearchParams(isDefaultId(challenge) ? {} : { challenge });
  for (const [k, v] of Object.entries(init)) params.set(k, v);
  return params;
}

/** GET /api/leaderboard/:period/me's query. */
export function standingParams(
  tz: string,
  kind: BoardKind,
  challenge: ChallengeId,
  scope: BoardScope = EVERYONE,
) {
  const params = challengeParams(challenge, { tz });
  addScope(params, scope);
  if (kind === 'verified') params.set('verified', 'true');
  return params;
}

/**
 * GET /api/leaderboard/:period with its query. Apart from get-leaderboard.ts (and without TanStack
 * Query) so the app's first script can ask for a board while the board's code still loads.
 */
export function leaderboardPath(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters = NO_FILTERS,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
) {
  const params = challengeParams(challenge, { tz, limit: String(LEADERBOARD_PAGE) });
  addScope(params, scope);
  if (kind === 'verified') params.set('verified', 'true');
  if (filters.ageGroup !== 'all') params.set('ageGroup', filters.ageGroup);
  if (filters.gender !== 'all') params.set('gender', filters.gender);
  return `${boardBase(scope)}/${period}?${params}`;
}
