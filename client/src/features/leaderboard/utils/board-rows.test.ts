import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { LEADERBOARD_PAGE, NO_FILTERS } from '../api/get-leaderboard';
import { boardRows, needsServerFilter } from './board-rows';

const entry = (
  username: string,
  age: number | null,
  gender: string | null,
  rank = 1,
): LeaderboardEntry => ({
  id: rank,
  username,
  rank,
  score: 50,
  pushups: 50,
  createdAt: '2026-06-17T12:00:00.000Z',
  age,
  gender,
  profilePicture: null,
  verified: false,
  tier: 'entered',
});

const small = [
  entry('ann', 34, 'female', 1),
  entry('ben', 47, 'male', 2),
  entry('cy', null, null, 3),
];
const full = Array.from({ length: LEADERBOARD_PAGE }, (_, i) => entry(`u${i}`, 25, 'male', i + 1));

describe('boardRows', () => {
  it('shows the loaded page as is without filters', () => {
    expect(boardRows(small, undefined, NO_FILTERS)).toBe(small);
    expect(needsServerFilter(full, NO_FILTERS)).toBe(false);
  });

  it('filters a partial page on the client only; people without an age or gender drop out', () => {
    const f = { ageGroup: '30-39', gender: 'all' } as const;
    expect(needsServerFilter(small, f)).toBe(false);
    expect(boardRows(small, [entry('ignored', 34, 'female')], f)!.map((r) => r.username)).toEqual([
      'ann',
    ]);
    expect(
      boardRows(small, undefined, { ageGroup: 'all', gender: 'male' })!.map((r) => r.username),
    ).toEqual(['ben']);
  });

  it('uses the client view of a full page until the server’s filtered board arrives', () => {
    const f = { ageGroup: '60-plus', gender: 'all' } as const;
    expect(needsServerFilter(full, f)).toBe(true);
    expect(boardRows(full, undefined, f)).toEqual([]);
    const beyond = [entry('old', 70, 'female', 150)];
    expect(boardRows(full, beyond, f)).toBe(beyond);
  });

  it('is undefined while the board loads', () => {
    expect(
      boardRows(undefined, undefined, { ageGroup: '20-29', gender: 'female' }),
    ).toBeUndefined();
  });
});
