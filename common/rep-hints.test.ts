import { describe, expect, it } from 'vitest';
import { countReps } from './rep-counter';
import {
  goLowerText,
  initialDip,
  stepDip,
  TOP_MAX,
  zeroCountReason,
  zeroCountText,
} from './rep-hints';
import { syntheticTrace } from './testing/synthetic-trace';

const TOP = 200;

function shallowDips(trace: { t: number[]; s: number[] }) {
  let dip = initialDip();
  const out: number[] = [];
  trace.t.forEach((t, i) => {
    const r = stepDip(dip, t, trace.s[i]!, TOP);
    dip = r.dip;
    if (r.shallow !== null) out.push(r.shallow);
  });
  return out;
}

describe('rep hints', () => {
  it('reports each rep that did not go deep enough, with its deepest ratio', () => {
    const half = syntheticTrace({ top: TOP, reps: 6, depth: 1.5, noise: 0.01 });
    expect(countReps(half.t, half.s, TOP)).toBe(0);
    const dips = shallowDips(half);
    expect(dips).toHaveLength(6);
    for (const d of dips) expect(goLowerText(d)).toMatch(/^Go lower: 1\.[45]x of 1\.8x$/);
  });

  it('says nothing of full reps or of noise at the top', () => {
    expect(shallowDips(syntheticTrace({ top: TOP, reps: 6 }))).toEqual([]);
    expect(shallowDips(syntheticTrace({ top: TOP, reps: 6, depth: 1.05, noise: 0.08 }))).toEqual(
      [],
    );
  });

  it('never writes the down line for a ratio just under it', () => {
    expect(goLowerText(1.79)).toBe('Go lower: 1.7x of 1.8x');
  });

  it('the largest top that can count: a face over ~55 % of the frame', () => {
    expect(TOP_MAX).toBe(555);
    expect(countReps(...trace(TOP_MAX + 20))).toBe(0);
    expect(countReps(...trace(TOP_MAX - 5))).toBe(3);
    function trace(top: number): [number[], number[], number] {
      // Full reps, but the measured width stops at the frame's.
      const tr = syntheticTrace({ top, reps: 3, noise: 0 });
      return [tr.t, tr.s, top];
    }
  });

  it('says why a run counted 0', () => {
    const half = syntheticTrace({ top: TOP, reps: 6, depth: 1.5, noise: 0 });
    const reason = zeroCountReason(half);
    expect(reason).toMatchObject({ kind: 'shallow' });
    expect(zeroCountText(reason)).toBe(
      'At the deepest your face grew to 1.5x its size at the top; a push-up counts from 1.8x. Go lower.',
    );
    const still = { top: TOP, t: [0, 100, 200], s: [TOP, TOP, TOP] };
    expect(zeroCountText(zeroCountReason(still))).toMatch(/hardly came closer/);
    const gone = { top: TOP, t: [0, 100, 200], s: [TOP, 0, 0] };
    expect(zeroCountReason(gone)).toEqual({ kind: 'no-face' });
    const fast = syntheticTrace({ top: TOP, reps: 10, repMs: 300, fps: 30, repJitter: 0 });
    expect(countReps(fast.t, fast.s, TOP)).toBe(0);
    expect(zeroCountReason(fast)).toEqual({ kind: 'not-counted' });
  });
});
