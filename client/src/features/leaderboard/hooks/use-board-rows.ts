import { useMemo } from 'react';
import { matchesLeaderboardFilters, type LeaderboardPeriod } from '@common/schemas/leaderboard';
import {
  isFiltered,
  LEADERBOARD_PAGE,
  NO_FILTERS,
  useLeaderboard,
  type LeaderboardFilters,
} from '../api/get-leaderboard';

/**
 * The rows of a board under the filters. Filters apply at once on the client over the loaded
 * page (spec); when that page was full, people beyond it may match too, so the filtered list is
 * also asked of the server and replaces the client's view when it arrives (docs/decisions/0400).
 */
export function useBoardRows(period: LeaderboardPeriod, tz: string, filters: LeaderboardFilters) {
  const base = useLeaderboard(period, tz, NO_FILTERS);
  const filtered = isFiltered(filters);
  const pageWasFull = (base.data?.length ?? 0) >= LEADERBOARD_PAGE;
  const server = useLeaderboard(period, tz, filters, { enabled: filtered && pageWasFull });

  const clientRows = useMemo(
    () =>
      filtered ? base.data?.filter((row) => matchesLeaderboardFilters(row, filters)) : base.data,
    [base.data, filtered, filters],
  );
  const rows = filtered && pageWasFull && server.data ? server.data : clientRows;
  return {
    rows,
    isPending: base.isPending,
    error: base.error ?? (filtered && pageWasFull ? server.error : null),
    refetch: () => {
      void base.refetch();
      if (filtered && pageWasFull) void server.refetch();
    },
  };
}
