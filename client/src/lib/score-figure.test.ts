import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import { scoreFigure, scoreOf, statScores } from './score-figure';

const scoring = (id: string) => CATALOGUE.find((c) => c.id === id)!.scoring!;

describe('score figures', () => {
  it('shows a count with separators and a hold as m:ss or h:mm:ss', () => {
    expect(scoreFigure(scoring('burpees-or-bust'), 42)).toBe('42');
    expect(scoreFigure(scoring('pushup-90'), 12540)).toBe('12,540');
    expect(scoreFigure(scoring('plank-drop'), 205)).toBe('3:25');
    expect(scoreFigure(scoring('plank-drop'), 36_000)).toBe('10:00:00');
    // No set yet: a dash, never "0:00" or "0".
    expect(scoreFigure(scoring('plank-drop'), undefined)).toBe('—');
    expect(scoreFigure(scoring('plank-drop'), 0)).toBe('—');
    expect(scoreFigure(scoring('pushup-90'), 0)).toBe('—');
  });

  it('reads a score from either shape of a row or of stats', () => {
    expect(scoreOf({ score: 7, pushups: 7 })).toBe(7);
    expect(scoreOf({ pushups: 31 })).toBe(31);
    expect(statScores({ lastScore: 1, bestScore: 2, totalScore: 3 })).toEqual({
      last: 1,
      best: 2,
      total: 3,
    });
    expect(statScores({ lastPushups: 4, bestPushups: 5, totalPushups: 6 })).toEqual({
      last: 4,
      best: 5,
      total: 6,
    });
  });
});
