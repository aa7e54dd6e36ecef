import { describe, expect, it } from 'vitest';
import { boardFilterWords, notificationText, parseBoardFilter } from './notifications';

describe('board filters of "dropped out of the top 10"', () => {
  it("reads the database's names, and nothing else", () => {
    expect(parseBoardFilter(null)).toBeNull();
    expect(parseBoardFilter('')).toBeNull();
    expect(parseBoardFilter('age:30-39,gender:female,verified')).toEqual({
      ageGroup: '30-39',
      gender: 'female',
      verified: true,
    });
    expect(parseBoardFilter('verified')).toEqual({ ageGroup: null, gender: null, verified: true });
    expect(parseBoardFilter('gender:male')).toEqual({
      ageGroup: null,
      gender: 'male',
      verified: false,
    });
    for (const bad of ['age:31-39', 'gender:other', 'verified:yes', 'x', 'age:30-39,'])
      expect(parseBoardFilter(bad), bad).toBeNull();
  });

  it('names the board in the sentence', () => {
    const f = parseBoardFilter('age:60-plus,gender:female,verified')!;
    expect(boardFilterWords(f)).toBe('60+, Female, Verified only');
    expect(
      notificationText(
        {
          kind: 'dropped-top-10',
          challenge: 'pushup-90',
          board: 'week',
          boardFilter: f,
          who: null,
        },
        () => 'Push-ups',
        () => '(This Week)',
      ),
    ).toBe('You dropped out of the top 10 of Push-ups (This Week) (60+, Female, Verified only)');
    expect(
      notificationText(
        { kind: 'dropped-top-10', challenge: 'pushup-90', board: 'week', who: null },
        () => 'Push-ups',
        () => '(This Week)',
      ),
    ).toBe('You dropped out of the top 10 of Push-ups (This Week)');
  });
});
