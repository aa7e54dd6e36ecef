import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import { beatsTarget, challengeLinkPath, parseChallengeTarget } from './challenge-link';
import { beatMeText, shareText } from './challenge-share';
import { scoreErrorOf, scoreFigure, scoredOf, statScores, totalFigure } from './score-figure';

const scoring = (id: string) => CATALOGUE.find((c) => c.id === id)!.scoring!;
const mfm = scoring('mfm-challenge');

describe('share texts of the last two challenges', () => {
  it('says a finish, a capped run and rounds in their words', () => {
    expect(shareText('mfm-challenge', 1122)).toBe(
      'I finished The MFM Challenge in 18:42 on FitBench',
    );
    expect(shareText('mfm-challenge', 312, true)).toBe(
      'I did CAP + 312 reps in The MFM Challenge on FitBench',
    );
    expect(beatMeText('mfm-challenge', 1122)).toBe(
      'Can you beat my 18:42 in The MFM Challenge on FitBench?',
    );
    expect(beatMeText('mfm-challenge', 312, true)).toBe(
      'Can you beat my CAP + 312 reps in The MFM Challenge on FitBench?',
    );
    expect(shareText('nickels-dimes', 114)).toBe(
      'I did 7 rounds + 9 in Nickels and Dimes on FitBench',
    );
    // The first three keep their sentences.
    expect(shareText('pushup-90', 42)).toBe('I did 42 push-ups in 90 seconds on FitBench');
    expect(shareText('plank-drop', 205)).toBe('I held 3:25 in Plank Till You Drop on FitBench');
    expect(beatMeText('burpees-or-bust', 1)).toBe(
      'Can you beat my 1 burpee in 2 minutes on FitBench?',
    );
  });
});

describe('a beat link of a for-time challenge', () => {
  it('carries capped=1 for a capped run, and reads each kind in its own range', () => {
    const capped = challengeLinkPath(312, 'ann', 'mfm-challenge', true);
    expect(capped).toBe('/mfm-challenge/timer?beat=312&from=ann&capped=1');
    expect(parseChallengeTarget(capped.split('?')[1]!, mfm)).toEqual({
      beat: 312,
      from: 'ann',
      capped: true,
    });
    expect(challengeLinkPath(1122, 'ann', 'mfm-challenge')).toBe(
      '/mfm-challenge/timer?beat=1122&from=ann',
    );
    expect(parseChallengeTarget('beat=1122&from=ann', mfm)).toEqual({ beat: 1122, from: 'ann' });
    expect(parseChallengeTarget('beat=399&from=ann&capped=1', mfm)).toEqual({
      beat: 399,
      from: 'ann',
      capped: true,
    });
  });

  it.each([
    'beat=359&from=ann', // a finish faster than 6:00 is not plausible
    'beat=1801&from=ann', // past the cap
    'beat=400&from=ann&capped=1', // every rep done is a finish
    'beat=0&from=ann&capped=1',
    'beat=312&from=ann&capped=true',
    'beat=312&from=ann&capped=',
  ])('ignores %j', (search) => {
    expect(parseChallengeTarget(search, mfm)).toBeNull();
  });

  it('is not for a challenge that cannot be capped', () => {
    expect(parseChallengeTarget('beat=42&from=ann&capped=1', scoring('pushup-90'))).toBeNull();
    expect(parseChallengeTarget('beat=42&from=ann&capped=1')).toBeNull();
  });

  it('beats by rank: a faster finish, any finish over a capped run, more reps at the cap', () => {
    expect(beatsTarget(1100, { beat: 1122, from: 'ann' }, mfm)).toBe(true);
    expect(beatsTarget(1122, { beat: 1122, from: 'ann' }, mfm)).toBe(false);
    expect(beatsTarget(1200, { beat: 1122, from: 'ann' }, mfm)).toBe(false);
    expect(beatsTarget(1800, { beat: 399, from: 'ann', capped: true }, mfm)).toBe(true);
    expect(beatsTarget(399, { beat: 360, from: 'ann' }, mfm, true)).toBe(false);
    expect(beatsTarget(313, { beat: 312, from: 'ann', capped: true }, mfm, true)).toBe(true);
  });
});

describe('stat figures of the last two challenges', () => {
  it('writes a finish, a capped best and rounds; totals are reps', () => {
    expect(scoreFigure(mfm, 1122)).toBe('18:42');
    expect(scoreFigure(mfm, 312, true)).toBe('CAP + 312');
    expect(scoreFigure(scoring('nickels-dimes'), 114)).toBe('7 rounds + 9');
    expect(totalFigure(mfm, 1212)).toBe('1,212');
    expect(totalFigure(scoring('plank-drop'), 205)).toBe('3:25');
    expect(scoreFigure(mfm, 0)).toBe('—');
  });

  it('reads capped only when the answer says true', () => {
    expect(scoredOf({ score: 312, capped: true })).toEqual({ score: 312, capped: true });
    expect(scoredOf({ score: 1122 })).toEqual({ score: 1122, capped: false });
    expect(
      statScores({ lastScore: 312, bestScore: 1122, totalScore: 712, lastCapped: true }),
    ).toEqual({
      last: 312,
      best: 1122,
      total: 712,
      lastCapped: true,
    });
  });
});

describe('scoreErrorOf', () => {
  it('reads the message under score, or under its first name', () => {
    expect(scoreErrorOf({ score: ['Too fast'] })).toBe('Too fast');
    expect(scoreErrorOf({ pushups: ['Push-ups must be at most 300'] })).toBe(
      'Push-ups must be at most 300',
    );
    expect(scoreErrorOf({ notes: ['Too long'] })).toBeUndefined();
    expect(scoreErrorOf(undefined)).toBeUndefined();
  });
});
