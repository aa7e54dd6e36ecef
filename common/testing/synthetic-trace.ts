// Synthetic camera traces for tests: a face seen from a phone under it, growing on each push-up.
// Used by the rep counter's unit tests and the API tests of verified saves.

export interface SyntheticTraceOptions {
  reps: number;
  /** Calibrated top size (thousandths of the frame width). */
  top?: number;
  repMs?: number;
  /** Face size at the bottom, as a multiple of the top. */
  depth?: number;
  fps?: number;
  /** Time at the top before the first rep and after the last one. */
  lead?: number;
  tail?: number;
  /** Relative noise on each size (0.08 = +/- 8 %). */
  noise?: number;
  seed?: number;
}

export function syntheticTrace({
  reps,
  top = 200,
  repMs = 1200,
  depth = 2.4,
  fps = 15,
  lead = 1000,
  tail = 1000,
  noise = 0,
  seed = 1,
}: SyntheticTraceOptions): { top: number; t: number[]; s: number[] } {
  let x = seed;
  const rand = () => ((x = (x * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const t: number[] = [];
  const s: number[] = [];
  const end = lead + reps * repMs + tail;
  for (let ms = 0; ms <= end; ms += 1000 / fps) {
    const rt = ms - lead;
    const phase = rt >= 0 && rt < reps * repMs ? (rt % repMs) / repMs : 0;
    const ratio = 1 + ((depth - 1) * (1 - Math.cos(2 * Math.PI * phase))) / 2;
    t.push(Math.round(ms));
    s.push(Math.max(1, Math.min(1000, Math.round(top * ratio * (1 + noise * rand())))));
  }
  return { top, t, s };
}
