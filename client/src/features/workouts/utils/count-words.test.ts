import { describe, expect, it } from 'vitest';
import { countTooHigh } from './count';
import { scoringOf } from './score';

describe('countTooHigh without words given', () => {
  it("says the entry's own range words (the push-up entry's are the specification's)", () => {
    // The edit form names the challenge by its id and scoring only.
    expect(countTooHigh(301, { id: 'pushup-90', scoring: scoringOf('pushup-90') })).toBe(
      'Push-ups must be at most 300',
    );
    expect(
      countTooHigh(151, { id: 'burpees-or-bust', scoring: scoringOf('burpees-or-bust') }),
    ).toBe('Burpees must be a whole number from 1 to 150');
  });
});
