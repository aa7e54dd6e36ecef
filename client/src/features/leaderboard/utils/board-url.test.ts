import { describe, expect, it } from 'vitest';
import { boardSearch, DEFAULT_BOARD, parseBoardSearch } from './board-url';

describe('board state in the address', () => {
  it('reads every part', () => {
    expect(parseBoardSearch('?period=week&age=30-39&gender=female&verified=1')).toEqual({
      period: 'week',
      filters: { ageGroup: '30-39', gender: 'female' },
      kind: 'verified',
    });
    expect(parseBoardSearch('period=all_time&age=60-plus&verified=true').period).toBe('all_time');
  });

  it('falls back to each default alone for unknown, empty or repeated-garbage values', () => {
    expect(parseBoardSearch('')).toEqual(DEFAULT_BOARD);
    expect(parseBoardSearch('?period=yearly&age=99&gender=robot&verified=maybe')).toEqual(DEFAULT_BOARD);
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
      }),
    ).toBe('period=week&age=30-39&gender=female&verified=1');
    expect(boardSearch(DEFAULT_BOARD, 'utm_source=chat&period=week&age=bad')).toBe('utm_source=chat');
  });

  it('round-trips', () => {
    const state = { period: 'month', filters: { ageGroup: 'under-20', gender: 'male' }, kind: 'all' } as const;
    expect(parseBoardSearch(boardSearch(state))).toEqual(state);
  });
});
