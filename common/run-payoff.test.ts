import { describe, expect, it } from 'vitest';
import type { Scoring, Timer } from './challenges';
import {
  bestToBeatText,
  compareScores,
  isCountedRun,
  paceBuckets,
  paceForScore,
  paceOfRun,
  paceProblem,
  paceSummary,
  PACE_MAX_BUCKETS,
  runLengthMs,
} from './run-payoff';

// Scorings of every kind, as the catalogue's entries declare them (no entry named).
const REPS: Scoring = {
  kind: 'reps',
  unit: 'burpees',
  unitOne: 'burpee',
  label: 'Burpees',
  min: 1,
  max: 150,
};
const HOLD: Scoring = {
  kind: 'seconds',
  unit: 'seconds',
  unitOne: 'second',
  label: 'Seconds held',
  min: 1,
  max: 36_000,
};
const ROUNDS: Scoring = {
  kind: 'rounds',
  unit: 'reps',
  unitOne: 'rep',
  label: 'Reps',
  min: 1,
  max: 900,
  repsPerRound: 15,
};
const FOR_TIME: Scoring = {
  kind: 'for-time',
  unit: 'reps',
  unitOne: 'rep',
  label: 'Reps',
  min: 1,
  max: 399,
  capSeconds: 1800,
  totalReps: 400,
  fastestSeconds: 360,
};

describe('bestToBeatText', () => {
  it('formats the best as boards do', () => {
    expect(bestToBeatText(REPS, { score: 42 })).toBe('Your best: 42 burpees — beat it');
    expect(bestToBeatText(HOLD, { score: 205 })).toBe('Your best: 3:25 held — beat it');
    expect(bestToBeatText(ROUNDS, { score: 114 })).toBe('Your best: 7 rounds + 9 — beat it');
    expect(bestToBeatText(FOR_TIME, { score: 312, capped: true })).toBe(
      'Your best: CAP + 312 reps — beat it',
    );
  });
});

describe('compareScores', () => {
  it('says more or fewer reps in the unit', () => {
    expect(compareScores(REPS, { score: 42 }, { score: 38 })).toEqual({
      direction: 'up',
      text: '4 more burpees',
    });
    expect(compareScores(REPS, { score: 41 }, { score: 42 })).toEqual({
      direction: 'down',
      text: '1 fewer burpee',
    });
    expect(compareScores(REPS, { score: 42 }, { score: 42 })).toEqual({
      direction: 'same',
      text: 'the same',
    });
  });
  it('says longer or shorter for a hold', () => {
    expect(compareScores(HOLD, { score: 95 }, { score: 83 })).toEqual({
      direction: 'up',
      text: '0:12 longer',
    });
    expect(compareScores(HOLD, { score: 60 }, { score: 125 })).toEqual({
      direction: 'down',
      text: '1:05 shorter',
    });
  });
  it('counts the reps of rounds', () => {
    expect(compareScores(ROUNDS, { score: 120 }, { score: 114 })).toEqual({
      direction: 'up',
      text: '6 more reps',
    });
  });
  it('reads a lower finish as better, and any finish above a cap', () => {
    expect(compareScores(FOR_TIME, { score: 1100 }, { score: 1142 })).toEqual({
      direction: 'up',
      text: '0:42 faster',
    });
    expect(compareScores(FOR_TIME, { score: 1200 }, { score: 1142 })).toEqual({
      direction: 'down',
      text: '0:58 slower',
    });
    expect(compareScores(FOR_TIME, { score: 1790 }, { score: 399, capped: true })).toEqual({
      direction: 'up',
      text: 'a finish, not the cap',
    });
    expect(compareScores(FOR_TIME, { score: 399, capped: true }, { score: 1790 })).toEqual({
      direction: 'down',
      text: 'the cap, not a finish',
    });
    expect(
      compareScores(FOR_TIME, { score: 320, capped: true }, { score: 312, capped: true }),
    ).toEqual({
      direction: 'up',
      text: '8 more reps',
    });
  });
});

describe('paceBuckets', () => {
  it('counts the reps done in each 15 s of the run', () => {
    const samples: [number, number][] = [
      [1000, 1],
      [5000, 2],
      [14_999, 3],
      [15_000, 4],
      [44_000, 5],
      [89_000, 6],
    ];
    expect(paceBuckets(samples, 90_000)).toEqual([3, 1, 1, 0, 0, 1]);
  });
  it('puts a tap at the very end in the last bar and ignores later ones', () => {
    expect(paceBuckets([[90_000, 1]], 90_000)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(paceBuckets([[95_000, 1]], 90_000)).toEqual([0, 0, 0, 0, 0, 0]);
  });
  it('shows a count taken back as 0, never below, and never more than the count reached', () => {
    const samples: [number, number][] = [
      [1000, 15],
      [14_000, 30],
      [16_000, 15],
      [31_000, 30],
      [32_000, 45],
    ];
    const bars = paceBuckets(samples, 45_000);
    expect(bars).toEqual([30, 0, 15]);
    expect(bars.every((b) => b >= 0)).toBe(true);
  });
  it('splits a finish short of a bar into a partial last bar, within the bound', () => {
    expect(paceBuckets([[20_000, 10]], 20_000)).toEqual([0, 10]);
    expect(paceBuckets([], 3_600_000)).toHaveLength(PACE_MAX_BUCKETS);
  });
  it('adds up to the last count whatever the order of the samples (property)', () => {
    for (let seed = 1; seed < 200; seed++) {
      let x = seed;
      const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      let count = 0;
      let t = 0;
      const samples: [number, number][] = [];
      for (let k = 0; k < 60; k++) {
        t += Math.floor(rand() * 3000);
        count += rand() < 0.9 ? 1 : -1;
        count = Math.max(0, count);
        samples.push([t, count]);
      }
      const length = t + 1;
      const bars = paceBuckets(samples, length);
      expect(bars.every((b) => Number.isInteger(b) && b >= 0)).toBe(true);
      expect(bars.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(count);
      expect(bars.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
        Math.max(...samples.map((s) => s[1])),
      );
    }
  });
});

describe('paceForScore and paceProblem', () => {
  it('trims the last bars to a count lowered at the entry', () => {
    expect(paceForScore(REPS, [5, 5, 5], { score: 12 })).toEqual([5, 5, 2]);
    expect(paceForScore(REPS, [0, 0], { score: 12 })).toBeNull();
  });
  it('lets a finish have every rep of the run', () => {
    expect(paceForScore(FOR_TIME, [200, 200], { score: 1500 })).toEqual([200, 200]);
    expect(paceProblem(FOR_TIME, [200, 200], { score: 1500 })).toBeNull();
    expect(paceProblem(FOR_TIME, [200, 200], { score: 300, capped: true })).toMatch(/more reps/);
  });
  it('refuses a pace for a hold, too long, or adding up to more than the score', () => {
    expect(paceProblem(HOLD, [1], { score: 60 })).toMatch(/hold/);
    expect(paceProblem(REPS, Array(PACE_MAX_BUCKETS + 1).fill(0), { score: 10 })).toMatch(
      /at most/,
    );
    expect(paceProblem(REPS, [6, 6], { score: 11 })).toMatch(/more reps/);
    expect(paceProblem(REPS, [6, 5], { score: 11 })).toBeNull();
  });
  it('says the pace in words', () => {
    expect(paceSummary([8, 7, 6])).toBe('Reps per 15 seconds: 8, 7, 6; fastest 8');
  });
});

describe('runs', () => {
  it('counts every run but a stopwatch, for its whole time', () => {
    const countdown: Timer = { mode: 'countdown', seconds: 90, cues: [] };
    const stopwatch: Timer = { mode: 'stopwatch', cueEverySeconds: 30 };
    expect(isCountedRun(countdown)).toBe(true);
    expect(isCountedRun(stopwatch)).toBe(false);
    expect(runLengthMs(countdown)).toBe(90_000);
    expect(
      runLengthMs({
        mode: 'for-time',
        capSeconds: 1800,
        parts: [],
        tapReps: 10,
        cueEverySeconds: 60,
      }),
    ).toBe(1_800_000);
  });
});

describe('paceOfRun', () => {
  const countdown: Timer = { mode: 'countdown', seconds: 30, cues: [] };
  it('buckets a counted run over its time, trimmed to the score', () => {
    expect(
      paceOfRun(
        { scoring: REPS, timer: countdown },
        [
          [1000, 1],
          [16_000, 2],
          [17_000, 3],
        ],
        { score: 2 },
      ),
    ).toEqual([1, 1]);
  });
  it('ends a finish at its time', () => {
    const timer: Timer = {
      mode: 'for-time',
      capSeconds: 1800,
      parts: [],
      tapReps: 10,
      cueEverySeconds: 60,
    };
    expect(
      paceOfRun(
        { scoring: FOR_TIME, timer },
        [
          [10_000, 10],
          [29_000, 20],
        ],
        { score: 30 },
      ),
    ).toEqual([10, 10]);
  });
  it('has none for a hold or an empty run', () => {
    expect(
      paceOfRun({ scoring: HOLD, timer: { mode: 'stopwatch', cueEverySeconds: 30 } }, [[1, 1]], {
        score: 5,
      }),
    ).toBeNull();
    expect(paceOfRun({ scoring: REPS, timer: countdown }, [], { score: 5 })).toBeNull();
  });
});
