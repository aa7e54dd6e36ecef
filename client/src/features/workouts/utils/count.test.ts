import { describe, expect, it } from 'vitest';
import { pushupsSchema } from '@common/schemas/workouts';
import { clampCount, COUNT_TOO_HIGH, countTooHigh, parseCount } from './count';
import { scoreLabel, scoreShort, scoringOf } from './score';

describe('parseCount', () => {
  it('reads whole numbers', () => {
    expect(parseCount('42')).toBe(42);
    expect(parseCount(' 7 ')).toBe(7);
    expect(parseCount('12.9')).toBe(12);
  });
  it('turns non-numeric input into 0', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount('abc')).toBe(0);
    expect(parseCount('-')).toBe(0);
  });
  it('never goes below 0, and keeps a count above the maximum as typed', () => {
    expect(parseCount('-5')).toBe(0);
    expect(parseCount('999')).toBe(999);
    expect(parseCount('301')).toBe(301);
  });
});

describe('clampCount', () => {
  it('keeps the buttons within 0..300', () => {
    expect(clampCount(-1)).toBe(0);
    expect(clampCount(Number.NaN)).toBe(0);
    expect(clampCount(301)).toBe(300);
    expect(clampCount(998)).toBe(300);
  });
});

describe('countTooHigh', () => {
  it('says the save schema’s own message above 300 only', () => {
    expect(countTooHigh(300)).toBeNull();
    expect(countTooHigh(0)).toBeNull();
    expect(countTooHigh(301)).toBe(COUNT_TOO_HIGH);
    expect(pushupsSchema.safeParse(301).error?.issues[0]?.message).toBe(COUNT_TOO_HIGH);
  });
});

describe('other challenges', () => {
  const burpees = { id: 'burpees-or-bust', scoring: scoringOf('burpees-or-bust') };
  const plank = { id: 'plank-drop', scoring: scoringOf('plank-drop') };
  it('checks their own range, in their words', () => {
    expect(countTooHigh(150, burpees)).toBeNull();
    expect(countTooHigh(151, burpees)).toBe('Burpees must be a whole number from 1 to 150');
    expect(countTooHigh(36_001, plank)).toMatch(
      /^The hold must be a whole number of seconds from 1 to 36000/,
    );
    expect(clampCount(40_000, plank.scoring.max)).toBe(36_000);
  });
  it('label scores in their unit', () => {
    expect(scoreLabel(burpees.scoring, 42)).toBe('42 burpees');
    expect(scoreLabel(burpees.scoring, 1)).toBe('1 burpee');
    expect(scoreLabel(plank.scoring, 205)).toBe('3:25 held');
    expect(scoreShort(plank.scoring, 3725)).toBe('1:02:05');
    expect(scoringOf('unknown').unit).toBe('push-ups');
  });
});
