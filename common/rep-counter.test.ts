import { describe, expect, it } from 'vitest';
import { calibrateTop, countReps, initialRepState, REP_RULES, stepReps } from './rep-counter';
import { exactTrace, syntheticTrace, type SyntheticTraceOptions } from './testing/synthetic-trace';
import {
  traceProblem,
  traceSchema,
  TRACE_MAX_SAMPLES,
  verificationSchema,
} from './schemas/verification';

const TOP = 200;

// The counter's own rules are tested on exact traces (noise only where a test asks for it).
const trace = (o: SyntheticTraceOptions) => exactTrace({ top: TOP, ...o });

describe('countReps', () => {
  it('counts clean reps', () => {
    for (const reps of [1, 5, 20]) {
      const { t, s } = trace({ reps });
      expect(countReps(t, s, TOP)).toBe(reps);
    }
  });

  it('does not count partial reps that never get deep enough', () => {
    const { t, s } = trace({ reps: 8, depth: 1.6 });
    expect(countReps(t, s, TOP)).toBe(0);
    // Just past the line counts; just short of it does not.
    const deep = trace({ reps: 3, depth: REP_RULES.downRatio + 0.05 });
    expect(countReps(deep.t, deep.s, TOP)).toBe(3);
    const shallow = trace({ reps: 3, depth: REP_RULES.downRatio - 0.05 });
    expect(countReps(shallow.t, shallow.s, TOP)).toBe(0);
  });

  it('does not count a rep that goes down but never comes back up far enough', () => {
    // Down to 2.4x, then only back to 1.5x (above the up line), then down again: one rep at most.
    const t: number[] = [];
    const s: number[] = [];
    const path = [1, 1, 1.5, 2, 2.4, 2, 1.5, 2, 2.4, 2, 1.5, 1.4, 1.2, 1, 1];
    path.forEach((r, i) => {
      t.push(i * 150);
      s.push(TOP * r);
    });
    expect(countReps(t, s, TOP)).toBe(1);
  });

  it('is not fooled by noise around the top and the bottom (hysteresis)', () => {
    for (let seed = 1; seed < 20; seed++) {
      const { t, s } = trace({ reps: 10, noise: 0.08, seed });
      expect(countReps(t, s, TOP)).toBe(10);
    }
    // Jitter around the down line alone, at the top of a shallow movement, adds nothing.
    const { t, s } = trace({ reps: 10, depth: 1.55, noise: 0.08, seed: 3 });
    expect(countReps(t, s, TOP)).toBe(0);
  });

  it('tolerates the face being lost for a few frames, at the bottom or the top', () => {
    const { t, s } = trace({ reps: 6 });
    const lost = s.map((v, i) => (i % 18 >= 8 && i % 18 < 12 ? 0 : v)); // 4 frames in 18 (~270 ms)
    expect(countReps(t, lost, TOP)).toBe(6);
  });

  it('disarms after a long loss and needs the top again before counting', () => {
    // Down, face lost for 2 s, then seen at the bottom and up again: that is not a rep.
    const t = [0, 200, 400, 600, 2600, 2800, 3000, 3200];
    const s = [TOP, TOP * 2.4, 0, 0, TOP * 2.4, TOP * 1.1, TOP, TOP];
    expect(countReps(t, s, TOP)).toBe(0);
    // The same with a short loss is one rep.
    const t2 = [0, 200, 400, 600, 800, 1000, 1200, 1400];
    expect(countReps(t2, s, TOP)).toBe(1);
  });

  it('counts from sparse samples of a slow device (a gap is not a lost face)', () => {
    const { t, s } = trace({ reps: 5, repMs: 4400, fps: 0.9 }); // 1.1 s between samples
    expect(countReps(t, s, TOP)).toBe(5);
  });

  it('does not count reps faster than 0.4 s', () => {
    const run = (repMs: number) => {
      const { t, s } = trace({ reps: 10, repMs, fps: 30 });
      return countReps(t, s, TOP);
    };
    expect(run(300)).toBe(0);
    expect(run(350)).toBe(0);
    expect(run(500)).toBe(10);
    // One quick bounce after a pause is no rep either.
    expect(
      countReps([0, 500, 550, 600, 650, 700], [TOP, TOP, TOP * 2, TOP * 2, TOP, TOP], TOP),
    ).toBe(0);
  });

  it('counts nothing without a face or a top', () => {
    expect(countReps([0, 100, 200], [0, 0, 0], TOP)).toBe(0);
    const { t, s } = trace({ reps: 3 });
    expect(countReps(t, s, 0)).toBe(0);
  });

  it('stepReps counts on the way back up', () => {
    let st = initialRepState();
    st = stepReps(st, 0, TOP, TOP);
    st = stepReps(st, 300, TOP * 2, TOP);
    expect(st).toMatchObject({ phase: 'down', reps: 0 });
    st = stepReps(st, 600, TOP, TOP);
    expect(st).toMatchObject({ phase: 'up', reps: 1 });
  });
});

describe('calibrateTop', () => {
  it('takes the median of the sizes seen, or null when the face was missing too often', () => {
    expect(calibrateTop([190, 200, 210, 205, 0])).toBe(205);
    expect(calibrateTop([0, 0, 200])).toBeNull();
    expect(calibrateTop([])).toBeNull();
  });
});

describe('trace schema and traceProblem', () => {
  it('accepts a real run and proves its count', () => {
    const { t, s } = syntheticTrace({ top: TOP, reps: 12, fps: 30 });
    const parsed = traceSchema.parse({ top: TOP, t, s });
    expect(traceProblem(parsed, 12)).toBeNull();
    expect(traceProblem(parsed, 13)).toMatch(/camera counted 12 push-ups, not 13/);
  });

  it('refuses traces that do not fit the 90-second run', () => {
    const late = { top: TOP, t: [0, 100, 95_000], s: [TOP, TOP, TOP] };
    expect(traceProblem(traceSchema.parse(late), 0)).toMatch(/longer than the 90-second run/);
    const backwards = { top: TOP, t: [0, 200, 100], s: [TOP, TOP, TOP] };
    expect(traceProblem(traceSchema.parse(backwards), 0)).toMatch(/not in time order/);
  });

  it('takes numbers only, equal lengths, and at most ~30 KB', () => {
    expect(traceSchema.safeParse({ top: TOP, t: [0, 1], s: [1] }).success).toBe(false);
    expect(traceSchema.safeParse({ top: TOP, t: ['0'], s: [1] }).success).toBe(false);
    expect(traceSchema.safeParse({ top: TOP, t: [0.5], s: [1] }).success).toBe(false);
    expect(traceSchema.safeParse({ top: TOP, t: [0], s: [1], image: 'x' }).success).toBe(false);
    expect(traceSchema.safeParse({ top: 0, t: [], s: [] }).success).toBe(false);
    const big = Array.from({ length: TRACE_MAX_SAMPLES + 1 }, (_, i) => i);
    expect(traceSchema.safeParse({ top: TOP, t: big, s: big.map(() => 1) }).success).toBe(false);
    // The largest trace a 90-second run can make at the sample cap stays near 30 KB.
    const full = Array.from({ length: TRACE_MAX_SAMPLES }, (_, i) =>
      Math.round((i * 90_000) / TRACE_MAX_SAMPLES),
    );
    const json = JSON.stringify({
      method: 'camera-face',
      trace: { top: 999, t: full, s: full.map(() => 999) },
    });
    expect(verificationSchema.safeParse(JSON.parse(json)).success).toBe(true);
    expect(json.length).toBeLessThan(32_000);
  });
});
