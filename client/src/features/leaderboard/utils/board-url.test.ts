import { describe, expect, it } from 'vitest';
import { boardSearch, DEFAULT_BOARD, parseBoardSearch } from './board-url';
import { boardBase, LEADERBOARD_PAGE, leaderboardPath, scopeKey } from '../api/leaderboard-path';

describe('board state in the address', () => {
  it('reads every part', () => {
    expect(
      parseBoardSearch('?period=week&age=30-39&gender=female&verified=1&scope=following'),
    ).toEqual({
      period: 'week',
      filters: { ageGroup: '30-39', gender: 'female' },
      kind: 'verified',
      scope: { kind: 'following' },
    });
    expect(parseBoardSearch('period=all_time&age=60-plus&verified=true').period).toBe('all_time');
  });

  it('falls back to each default alone for unknown, empty or repeated-garbage values', () => {
    expect(parseBoardSearch('')).toEqual(DEFAULT_BOARD);
    expect(
      parseBoardSearch('?period=yearly&age=99&gender=robot&verified=maybe&scope=friends'),
    ).toEqual(DEFAULT_BOARD);
    expect(parseBoardSearch('?scope=Following').scope).toEqual({ kind: 'following' });
    expect(parseBoardSearch('?period=month&age=%00&gender=')).toEqual({
      ...DEFAULT_BOARD,
      period: 'month',
    });
    expect(parseBoardSearch('?period=__proto__&age=constructor').period).toBe('today');
    expect(parseBoardSearch('?period=WEEK&gender=Male')).toEqual({
      ...DEFAULT_BOARD,
      period: 'week',
      filters: { ageGroup: 'all', gender: 'male' },
    });
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    expect(boardSearch(DEFAULT_BOARD)).toBe('');
    expect(
      boardSearch({
        period: 'week',
        filters: { ageGroup: '30-39', gender: 'female' },
        kind: 'verified',
        scope: { kind: 'following' },
      }),
    ).toBe('period=week&age=30-39&gender=female&verified=1&scope=following');
    expect(boardSearch(DEFAULT_BOARD, 'utm_source=chat&period=week&age=bad&scope=following')).toBe(
      'utm_source=chat',
    );
  });

  it('round-trips', () => {
    const state = {
      period: 'month',
      filters: { ageGroup: 'under-20', gender: 'male' },
      kind: 'all',
      scope: { kind: 'following' },
    } as const;
    expect(parseBoardSearch(boardSearch(state))).toEqual(state);
    expect(parseBoardSearch(boardSearch({ ...state, scope: { kind: 'everyone' } }))).toEqual({
      ...state,
      scope: { kind: 'everyone' },
    });
  });
});

describe("a club's board in the address", () => {
  it('round-trips scope=club:{slug}, and ignores a malformed one', () => {
    const state = parseBoardSearch('period=week&scope=club:early-birds');
    expect(state.scope).toEqual({ kind: 'club', slug: 'early-birds', name: 'early-birds' });
    expect(boardSearch(state)).toBe('period=week&scope=club%3Aearly-birds');
    expect(parseBoardSearch('scope=club:../x').scope).toEqual({ kind: 'everyone' });
    expect(parseBoardSearch('scope=club:').scope).toEqual({ kind: 'everyone' });
  });

  it("asks the club's own route for its board and the member's standing in it", () => {
    const club = { kind: 'club' as const, slug: 'early-birds', name: 'Early Birds' };
    expect(leaderboardPath('week', 'UTC', undefined, 'all', undefined, club)).toBe(
      '/api/clubs/early-birds/leaderboard/week?tz=UTC&limit=' + LEADERBOARD_PAGE,
    );
    expect(boardBase(club)).toBe('/api/clubs/early-birds/leaderboard');
    expect(scopeKey(club)).toBe('club:early-birds');
  });
});
