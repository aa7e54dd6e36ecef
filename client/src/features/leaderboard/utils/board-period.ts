import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@common/constants';
import type { BoardKind } from '../api/leaderboard-path';

// The period and kind of board an address asks for (`?period=week&verified=1`): all the first
// script needs to ask for a board early (app/route-data.ts), apart from board-url.ts, whose
// filters bring common/leaderboard.ts with their labels (docs/decisions/0310-the-first-script-trimmed.md).

export const DEFAULT_PERIOD: LeaderboardPeriod = 'today';

export const oneOf = <T extends string>(
  allowed: readonly T[],
  value: string | null,
): T | undefined => allowed.find((a) => a === value?.trim().toLowerCase());

/** `params`' period (an unknown one: today) and kind (`verified=1` or `true`: the Verified board). */
export function periodAndKind(params: URLSearchParams): {
  period: LeaderboardPeriod;
  kind: BoardKind;
} {
  const verified = params.get('verified')?.trim().toLowerCase();
  return {
    period: oneOf(LEADERBOARD_PERIODS, params.get('period')) ?? DEFAULT_PERIOD,
    kind: verified === '1' || verified === 'true' ? 'verified' : 'all',
  };
}
