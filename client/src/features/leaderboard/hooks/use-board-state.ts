import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { boardSearch, parseBoardSearch, type BoardState } from '../utils/board-url';

/**
 * The board's period, filters and kind, read from and written to the address. A change replaces
 * the current history entry (Back leaves the board rather than stepping through every tab and
 * filter tried), so Back from a profile opened here returns to this very board.
 * docs/decisions/0090-board-state-in-the-address.md
 */
export function useBoardState() {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const state = useMemo(() => parseBoardSearch(search), [search]);
  const update = useCallback(
    (next: Partial<BoardState>) => {
      const query = boardSearch({ ...state, ...next }, search);
      navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
    },
    [state, search, pathname, navigate],
  );
  return [state, update] as const;
}
