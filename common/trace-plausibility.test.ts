import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countReps } from './rep-counter';
import { traceProblem, traceSchema, type Trace } from './schemas/verification';
import { exactTrace, forgedTrace, syntheticTrace } from './testing/synthetic-trace';
import {
  coefficientOfVariation,
  implausibility,
  PLAUSIBLE,
  sizeTurns,
  traceFigures,
} from './trace-plausibility';

const TOP = 200;

const forged = (reps: number, o: { perRep?: number } = {}): Trace =>
  traceSchema.parse(forgedTrace(reps, { top: TOP, ...o }));

// Traces the app sent for Chromium's fake camera playing e2e clips (e2e/record-traces.spec.ts).
const RECORDED = path.join(import.meta.dirname, 'testing/recorded-traces');
const recorded = fs
  .readdirSync(RECORDED)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({
    name: f,
    ...(JSON.parse(fs.readFileSync(path.join(RECORDED, f), 'utf8')) as {
      pushups: number;
      trace: Trace;
    }),
  }));

describe('plausible camera traces', () => {
  it('refuses the forged trace of the issue: 227 reps, 3 samples each, one every 0.4 s', () => {
    const trace = forged(227);
    // The counter alone counts every rep of it: that is what the rules are for.
    expect(countReps(trace.t, trace.s, TOP)).toBe(227);
    expect(traceProblem(trace, 227)).toMatch(
      /does not look like a camera run \(227 reps; at most 150/,
    );
  });

  it('refuses each of its tricks alone', () => {
    // 150 reps are allowed, but 3 samples every 0.4 s is 7.5 a second.
    expect(traceProblem(forged(150), 150)).toMatch(/7\.5 samples a second; at least 8/);
    // 30 samples a second, but a rep every 0.4 s.
    expect(traceProblem(forged(150, { perRep: 12 }), 150)).toMatch(
      /a rep 0\.4 s after the one before; at least 0\.6 s/,
    );
    // A realistic run with 2 s cut out of it in the middle of the reps.
    const run = syntheticTrace({ top: TOP, reps: 20 });
    const keep = run.t.map((ms) => ms < 10_000 || ms > 12_000);
    const cut = {
      top: TOP,
      t: run.t.filter((_, i) => keep[i]),
      s: run.s.filter((_, i) => keep[i]),
    };
    const cutReps = countReps(cut.t, cut.s, TOP);
    expect(traceProblem(traceSchema.parse(cut), cutReps)).toMatch(
      /2\.\d s without a sample during the reps; at most 1\.5 s/,
    );
    // A metronome: noise and uneven frame times, but every rep exactly as long (30 frames at 30 fps).
    const metronome = syntheticTrace({
      top: TOP,
      reps: 30,
      repMs: 1000,
      fps: 30,
      repJitter: 0,
      timeJitterMs: 0,
      noise: 0.01,
    });
    expect(traceFigures(metronome.t, metronome.s, TOP).repCv).toBeLessThan(PLAUSIBLE.minRepCv);
    expect(traceProblem(traceSchema.parse(metronome), 30)).toMatch(/every rep took the same time/);
    // A formula's smooth curve: uneven reps and frames, but no noise on the face size.
    const smooth = syntheticTrace({ top: TOP, reps: 30, noise: 0 });
    expect(traceProblem(traceSchema.parse(smooth), 30)).toMatch(/changes too smoothly/);
    // A formula's exact trace: frozen between the reps, every rep as long (the counter is happy).
    const frozen = exactTrace({ top: TOP, reps: 30 });
    expect(traceProblem(traceSchema.parse(frozen), 30)).toMatch(/does not look like a camera run/);
  });

  it.each(recorded)(
    'passes the trace recorded from the fake camera: $name',
    ({ pushups, trace }) => {
      const parsed = traceSchema.parse(trace);
      expect(countReps(parsed.t, parsed.s, parsed.top)).toBe(pushups);
      expect(traceProblem(parsed, pushups)).toBeNull();
    },
  );

  it('keeps a margin on every recorded trace (the floors of docs/decisions/0120)', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    for (const { name, trace } of recorded) {
      const f = traceFigures(trace.t, trace.s, trace.top);
      expect(f.samplesPerSecond, name).toBeGreaterThanOrEqual(PLAUSIBLE.minSamplesPerSecond + 1);
      expect(f.maxGapMs, name).toBeLessThan(PLAUSIBLE.maxGapMs / 2);
      expect(f.extraTurns, name).toBeGreaterThan(PLAUSIBLE.minExtraTurns * 10);
      // Even a machine-perfect metronome, seen through the camera loop, varies 4x the floor.
      if (f.reps >= PLAUSIBLE.cvMinReps)
        expect(f.repCv, name).toBeGreaterThan(PLAUSIBLE.minRepCv * 4);
    }
  });

  it('passes realistic runs at 8.5-30 samples a second and 0.7-2.5 s a rep', () => {
    for (const fps of [8.5, 10, 15, 30])
      for (const repMs of [700, 1000, 1500, 2500])
        for (let seed = 1; seed <= 5; seed++) {
          const reps = Math.min(PLAUSIBLE.maxReps, Math.floor(86_000 / (repMs * 1.12)));
          const run = syntheticTrace({ top: TOP, reps, repMs, fps, seed });
          expect(countReps(run.t, run.s, TOP), `${fps} fps, ${repMs} ms`).toBe(reps);
          expect(
            implausibility(run.t, run.s, TOP),
            `${fps} fps, ${repMs} ms, seed ${seed}`,
          ).toBeNull();
        }
  });

  it('does not judge what it cannot: a run of no reps, few reps for the spread, a short face', () => {
    expect(implausibility([0, 100, 200], [TOP, TOP, TOP], TOP)).toBeNull();
    // Five metronome reps are too few to call regular.
    const five = syntheticTrace({ top: TOP, reps: 5, repJitter: 0, timeJitterMs: 0 });
    expect(implausibility(five.t, five.s, TOP)).toBeNull();
  });

  it('measures as documented', () => {
    expect(coefficientOfVariation([1000, 1000, 1000])).toBe(0);
    expect(coefficientOfVariation([900, 1100])).toBeCloseTo(0.1);
    expect(coefficientOfVariation([])).toBe(0);
    // Turns skip lost frames (0) and flat steps.
    expect(sizeTurns([200, 300, 300, 0, 200, 210, 205])).toBe(3);
    // Reps ending at 400 and 800 ms at 10 fps: the first may have ended up to a frame (100 ms)
    // earlier, so the second gets the benefit: 500 ms.
    const t = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];
    const s = [200, 200, 480, 480, 200, 480, 480, 480, 200, 200, 200, 200, 200];
    const f = traceFigures(t, s, 200);
    expect(f.reps).toBe(2);
    expect(f.shortestRepMs).toBe(500);
  });
});
