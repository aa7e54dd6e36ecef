import { useMemo } from 'react';
import { DEFAULT_CHALLENGE, type ChallengeId } from '@common/challenges';
import type { LeaderboardPeriod } from '@common/schemas/leaderboard';
import {
  NO_FILTERS,
  EVERYONE,
  useLeaderboard,
  type BoardKind,
  type BoardScope,
  type LeaderboardFilters,
} from '../api/get-leaderboard';
import { boardRows, needsServerFilter } from '../utils/board-rows';

/**
 * The rows of a board under the filters. Filters apply at once on the client over the loaded
 * page (spec); when that page was full, people beyond it may match too, so the filtered list is
 * also asked of the server and replaces the client's view when it arrives (docs/decisions/0026).
 */
export function useBoardRows(
  period: LeaderboardPeriod,
  tz: string,
  filters: LeaderboardFilters,
  kind: BoardKind = 'all',
  challenge: ChallengeId = DEFAULT_CHALLENGE,
  scope: BoardScope = EVERYONE,
) {
  const base = useLeaderboard(period, tz, NO_FILTERS, { kind, challenge, scope });
  const askServer = needsServerFilter(base.data, filters);
  const server = useLeaderboard(period, tz, filters, {
    enabled: askServer,
    kind,
    challenge,
    scope,
  });
  const rows = useMemo(
    () => boardRows(base.data, server.data, filters),
    [base.data, server.data, filters],
  );
  return {
    rows,
    /** Whether the period's board (unfiltered) has anyone: an empty filter then means "nobody in this group". */
    periodHasEntries: (base.data?.length ?? 0) > 0,
    isPending: base.isPending,
    error: base.error ?? (askServer ? server.error : null),
    refetch: () => {
      void base.refetch();
      if (askServer) void server.refetch();
    },
  };
}
