import { describe, expect, it } from 'vitest';
import { READY_STEP_MS, READY_STEPS } from '@common/constants';
import { PACE_MAX_SAMPLES, type PaceSample } from '@common/run-payoff';
import { openChallenges, catalogueWith, CATALOGUE } from '@common/challenges';
import { repsOfCount, withSample } from './pace-samples';

const GO = READY_STEPS * READY_STEP_MS;
const open = openChallenges(catalogueWith(CATALOGUE.map((e) => e.id)));

describe('withSample', () => {
  it('keeps one sample per change of the count, in ms since Go', () => {
    let s = withSample(undefined, true, 1000, 1000, 0);
    expect(s).toEqual([]);
    s = withSample(s, true, 1000, 1000 + GO + 1500, 1);
    s = withSample(s, true, 1000, 1000 + GO + 1600, 1);
    s = withSample(s, true, 1000, 1000 + GO + 3000, 2);
    expect(s).toEqual([
      [1500, 1],
      [3000, 2],
    ]);
  });
  it('starts afresh with a new run, and keeps a taken-back count', () => {
    const old: PaceSample[] = [[500, 3]];
    expect(withSample(old, false, 0, GO + 100, 1)).toEqual([[100, 1]]);
    expect(withSample(old, true, 0, GO + 900, 2)).toEqual([
      [500, 3],
      [900, 2],
    ]);
  });
  it('is bounded', () => {
    const full: PaceSample[] = Array.from(
      { length: PACE_MAX_SAMPLES },
      (_, i) => [i, i + 1] as const,
    );
    expect(withSample(full, true, 0, GO + 99_999, 0)).toHaveLength(PACE_MAX_SAMPLES);
  });
});

describe('repsOfCount', () => {
  it('reads a rounds program by the reps of its rounds, every other run as it counts', () => {
    for (const c of open) {
      const per = c.scoring.kind === 'rounds' ? c.scoring.repsPerRound : 1;
      expect(repsOfCount(c, 3)).toBe(3 * per);
    }
  });
});
