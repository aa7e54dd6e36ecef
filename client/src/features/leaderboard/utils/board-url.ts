import { AGE_GROUP_IDS, GENDER_FILTERS, type LeaderboardPeriod } from '@common/leaderboard';
import {
  EVERYONE,
  NO_FILTERS,
  type BoardKind,
  type BoardScope,
  type LeaderboardFilters,
  scopeKey,
} from '../api/leaderboard-path';
import { DEFAULT_PERIOD, oneOf, periodAndKind } from './board-period';

// The board's state lives in the address (`?period=week&age=30-39&gender=female&verified=1&scope=following`), so a
// reload, Back and a shared link show the same board. Defaults are left out of the address; an
// unknown value falls back to its default alone. Without React or TanStack Query: the first
// script reads it to ask for the right board early (app/route-data.ts).
// docs/decisions/0090-board-state-in-the-address.md

export interface BoardState {
  period: LeaderboardPeriod;
  filters: LeaderboardFilters;
  kind: BoardKind;
  /** Whose board (everyone's unless the address says `scope=following`). */
  scope: BoardScope;
}

export const DEFAULT_BOARD: BoardState = {
  period: DEFAULT_PERIOD,
  filters: NO_FILTERS,
  kind: 'all',
  scope: EVERYONE,
};

const KEYS = ['period', 'age', 'gender', 'verified', 'scope'] as const;

/**
 * The scope an address's `scope=` names (`following`, `club:{slug}`); anything else is everyone's
 * board. A club is named by its slug here; the screen gives it its name from the member's clubs.
 */
function parseScope(value: string | null): BoardScope {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === 'following') return { kind: 'following' };
  const club = /^club:([a-z0-9-]{1,60})$/.exec(v);
  return club ? { kind: 'club', slug: club[1]!, name: club[1]! } : EVERYONE;
}

/** The board an address's query string (with or without its `?`) asks for. */
export function parseBoardSearch(search: string): BoardState {
  const params = new URLSearchParams(search);
  const { period, kind } = periodAndKind(params);
  return {
    period,
    filters: {
      ageGroup: oneOf(AGE_GROUP_IDS, params.get('age')) ?? 'all',
      gender:
        oneOf(
          GENDER_FILTERS.map((g) => g.id),
          params.get('gender'),
        ) ?? 'all',
    },
    kind,
    scope: parseScope(params.get('scope')),
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
  if (state.scope.kind !== 'everyone') params.set('scope', scopeKey(state.scope));
  return params.toString();
}
