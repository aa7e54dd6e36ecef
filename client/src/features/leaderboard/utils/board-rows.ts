import { matchesLeaderboardFilters } from '@common/leaderboard';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { isFiltered, LEADERBOARD_PAGE, type LeaderboardFilters } from '../api/get-leaderboard';

/** Whether the filtered board must also come from the server: only when the loaded page was full. */
export function needsServerFilter(
  loaded: readonly LeaderboardEntry[] | undefined,
  filters: LeaderboardFilters,
) {
  return isFiltered(filters) && (loaded?.length ?? 0) >= LEADERBOARD_PAGE;
}

/**
 * The rows to show: the loaded page narrowed on the client, replaced by the server's filtered
 * board once it is there (docs/decisions/0026).
 */
export function boardRows(
  loaded: LeaderboardEntry[] | undefined,
  serverFiltered: LeaderboardEntry[] | undefined,
  filters: LeaderboardFilters,
): LeaderboardEntry[] | undefined {
  if (!isFiltered(filters)) return loaded;
  if (needsServerFilter(loaded, filters) && serverFiltered) return serverFiltered;
  return loaded?.filter((row) => matchesLeaderboardFilters(row, filters));
}
