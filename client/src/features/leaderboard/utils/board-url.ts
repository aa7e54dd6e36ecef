import {
  AGE_GROUP_IDS,
  GENDER_FILTERS,
  LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
} from '@common/leaderboard';
import { NO_FILTERS, type BoardKind, type LeaderboardFilters } from '../api/leaderboard-path';

// The board's state lives in the address (`?period=week&age=30-39&gender=female&verified=1`), so a
// reload, Back and a shared link show the same board. Defaults are left out of the address; an
// unknown value falls back to its default alone. Without React or TanStack Query: the first
// script reads it to ask for the right board early (app/route-data.ts).
// docs/decisions/0090-board-state-in-the-address.md

export interface BoardState {
  period: LeaderboardPeriod;
  filters: LeaderboardFilters;
  kind: BoardKind;
}

export const DEFAULT_BOARD: BoardState = { period: 'today', filters: NO_FILTERS, kind: 'all' };

const KEYS = ['period', 'age', 'gender', 'verified'] as const;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((a) => a === value?.trim().toLowerCase());

/** The board an address's query string (with or without its `?`) asks for. */
export function parseBoardSearch(search: string): BoardState {
  const params = new URLSearchParams(search);
  const verified = params.get('verified')?.trim().toLowerCase();
  return {
    period: oneOf(LEADERBOARD_PERIODS, params.get('period')) ?? DEFAULT_BOARD.period,
    filters: {
      ageGroup: oneOf(AGE_GROUP_IDS, params.get('age')) ?? 'all',
      gender:
        oneOf(
          GENDER_FILTERS.map((g) => g.id),
          params.get('gender'),
        ) ?? 'all',
    },
    kind: verified === '1' || verified === 'true' ? 'verified' : 'all',
  };
}

/**
 * The query string (no `?`) for `state`: only what differs from the defaults, in a fixed order,
 * after any other parameters `current` had (a campaign tag survives a change of tab).
 */
export function boardSearch(state: BoardState, current = ''): string {
  const params = new URLSearchParams(current);
  for (const key of KEYS) params.delete(key);
  if (state.period !== DEFAULT_BOARD.period) params.set('period', state.period);
  if (state.filters.ageGroup !== 'all') params.set('age', state.filters.ageGroup);
  if (state.filters.gender !== 'all') params.set('gender', state.filters.gender);
  if (state.kind === 'verified') params.set('verified', '1');
  return params.toString();
}
