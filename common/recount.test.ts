import { describe, expect, it } from 'vitest';
import { judgeRecount, repsAlign } from './recount';
import { traceProblem } from './schemas/verification';
import { simulatedAttackTrace } from './testing/forged-trace';
import { syntheticTrace } from './testing/synthetic-trace';

// The recount's judgement on face tracks (the clip's measurement is made by the server; here
// synthetic ones, 10 samples a second as the recount samples a clip). Real clips:
// server/src/routes/recounts/recounts.test.ts.
const track = (o: Parameters<typeof syntheticTrace>[0]) => {
  const { t, s } = syntheticTrace({ fps: 10, ...o });
  return { t, s };
};

describe('judgeRecount', () => {
  it('recounts a clip whose reps match the claim and the trace', () => {
    const clip = track({ reps: 20, seed: 4 });
    const trace = syntheticTrace({ reps: 20, seed: 4, fps: 20 });
    expect(judgeRecount(clip, 20, trace)).toMatchObject({ outcome: 'recounted', serverCount: 20 });
    // One rep of tolerance, not two.
    expect(judgeRecount(clip, 21, null).outcome).toBe('recounted');
    expect(judgeRecount(clip, 22, null)).toMatchObject({
      outcome: 'count-differs',
      reason: { code: 'count-differs', counted: 20, claimed: 22 },
    });
  });

  it('says no face, a machine beat, and another set', () => {
    const none = { t: [0, 100, 200, 300], s: [0, 0, 0, 190] };
    expect(judgeRecount(none, 3, null).outcome).toBe('no-face');
    const metronome = track({ reps: 20, repJitter: 0, noise: 0, timeJitterMs: 0 });
    expect(judgeRecount(metronome, 20, null)).toMatchObject({
      outcome: 'not-a-person',
      reason: { code: 'machine-beat' },
    });
    const slower = track({ reps: 20, repMs: 1900, seed: 9 });
    expect(judgeRecount(slower, 20, syntheticTrace({ reps: 20, seed: 4 })).outcome).toBe(
      'trace-differs',
    );
  });

  it('aligns rep ends up to an offset and one rep at either end', () => {
    const ends = [1000, 2300, 3500, 4900, 6100, 7400];
    expect(
      repsAlign(
        ends.map((e) => e + 4000),
        ends,
      ),
    ).toBe(true);
    expect(repsAlign(ends.slice(1), ends)).toBe(true);
    expect(
      repsAlign(
        ends.map((e, i) => e + i * 400),
        ends,
      ),
    ).toBe(false);
  });

  it('keeps the attack of the last issue as it was: its trace of 150 passes the trace rules', () => {
    const forged = simulatedAttackTrace();
    expect(traceProblem(forged, 150)).toBeNull();
    expect(simulatedAttackTrace()).toEqual(forged);
  });
});
