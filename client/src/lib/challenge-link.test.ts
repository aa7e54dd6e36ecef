import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@common/challenges';
import { beatsTarget, challengeLinkPath, parseChallengeTarget } from './challenge-link';

describe('challenge link', () => {
  it('round-trips a count and a username', () => {
    const path = challengeLinkPath(42, 'Ann_B.c-1');
    expect(path).toBe('/90second/timer?beat=42&from=Ann_B.c-1');
    expect(parseChallengeTarget(path.split('?')[1]!)).toEqual({ beat: 42, from: 'Ann_B.c-1' });
    expect(parseChallengeTarget('?beat=300&from=abc')).toEqual({ beat: 300, from: 'abc' });
  });

  it.each([
    '',
    'beat=42',
    'from=ann',
    'beat=0&from=ann',
    'beat=301&from=ann',
    'beat=-5&from=ann',
    'beat=4.5&from=ann',
    'beat=1e2&from=ann',
    'beat=%2042&from=ann',
    'beat=0x10&from=ann',
    'beat=0042&from=ann',
    'beat=42&from=an',
    `beat=42&from=${'a'.repeat(31)}`,
    'beat=42&from=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'beat=42&from=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    'beat=42&from=ann%20lee',
    'beat=42&from=ann%00',
    'beat=42&from=j%C3%B6rg',
  ])('ignores %j', (search) => {
    expect(parseChallengeTarget(search)).toBeNull();
  });

  it('needs more than the target to beat it', () => {
    expect(beatsTarget(43, { beat: 42, from: 'ann' })).toBe(true);
    expect(beatsTarget(42, { beat: 42, from: 'ann' })).toBe(false);
  });
});

describe('challenge link of another challenge', () => {
  const scoring = (id: string) => CATALOGUE.find((c) => c.id === id)!.scoring!;

  it('leads to that challenge timer and reads its range', () => {
    expect(challengeLinkPath(42, 'ann', 'burpees-or-bust')).toBe(
      '/burpees-or-bust/timer?beat=42&from=ann',
    );
    expect(challengeLinkPath(125, 'ann', 'plank-drop')).toBe('/plank-drop/timer?beat=125&from=ann');
    expect(parseChallengeTarget('beat=150&from=ann', scoring('burpees-or-bust'))).toEqual({
      beat: 150,
      from: 'ann',
    });
    expect(parseChallengeTarget('beat=151&from=ann', scoring('burpees-or-bust'))).toBeNull();
    expect(parseChallengeTarget('beat=36000&from=ann', scoring('plank-drop'))).toEqual({
      beat: 36000,
      from: 'ann',
    });
    expect(parseChallengeTarget('beat=36001&from=ann', scoring('plank-drop'))).toBeNull();
    expect(parseChallengeTarget('beat=0&from=ann', scoring('plank-drop'))).toBeNull();
    expect(parseChallengeTarget('beat=000042&from=ann', scoring('plank-drop'))).toBeNull();
  });
});
