// Synthetic camera traces for tests: a face seen from a phone under it, growing on each push-up.
// By default a trace has what a real camera run has (a detector's frame-to-frame noise, uneven
// frame times, reps of uneven length), so that it passes the plausibility rules
// (common/trace-plausibility.ts) as a recorded run does; `exactTrace` has none of it, for the
// rep counter's own unit tests (and forged traces).

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
  /** Relative noise on each size (0.08 = +/- 8 %; default 3 %). */
  noise?: number;
  /** Relative spread of each rep's length (0.1 = +/- 10 % around repMs; default 12 %). */
  repJitter?: number;
  /** Spread of each sample's time around its frame slot, in ms (default 10). */
  timeJitterMs?: number;
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
  noise = 0.03,
  repJitter = 0.12,
  timeJitterMs = 10,
  seed = 1,
}: SyntheticTraceOptions): { top: number; t: number[]; s: number[] } {
  let x = seed;
  // Jitters draw from the generator only when asked, so exact traces stay as they were.
  const rand = () => ((x = (x * 16807) % 2147483647) / 2147483647) * 2 - 1;
  // Where each rep starts (ms after the lead), and the end of the last one.
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < reps; i++) {
    starts.push(at);
    at += repMs * (1 + (repJitter > 0 ? repJitter * rand() : 0));
  }
  const repsEnd = at;
  const t: number[] = [];
  const s: number[] = [];
  const end = lead + repsEnd + tail;
  let rep = 0;
  let last = -1;
  for (let slot = 0; slot <= end; slot += 1000 / fps) {
    const ms = Math.round(Math.max(0, slot + (timeJitterMs > 0 ? timeJitterMs * rand() : 0)));
    if (ms <= last) continue;
    last = ms;
    const rt = ms - lead;
    while (rep + 1 < reps && rt >= starts[rep + 1]!) rep++;
    const len = (rep + 1 < reps ? starts[rep + 1]! : repsEnd) - (starts[rep] ?? 0);
    const phase = reps > 0 && rt >= 0 && rt < repsEnd ? (rt - starts[rep]!) / len : 0;
    const ratio = 1 + ((depth - 1) * (1 - Math.cos(2 * Math.PI * phase))) / 2;
    t.push(ms);
    s.push(Math.max(1, Math.min(1000, Math.round(top * ratio * (1 + noise * rand())))));
  }
  return { top, t, s };
}

/** A trace from a formula: no noise, frames on the dot, every rep `repMs` long. */
export function exactTrace(o: SyntheticTraceOptions): { top: number; t: number[]; s: number[] } {
  return syntheticTrace({ noise: 0, timeJitterMs: 0, repJitter: 0, ...o });
}

/**
 * The forgery of issue 22: `perRep` samples a rep (top, bottom, top), one rep every `repMs`, as
 * close to the rep counter's own limits as it lets a rep count (a 0.3 s dip, 0.4 s apart).
 */
export function forgedTrace(
  reps: number,
  { top = 200, perRep = 3, repMs = 400 } = {},
): { top: number; t: number[]; s: number[] } {
  const t: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < reps; i++) {
    for (let k = 0; k < perRep; k++) {
      t.push(i * repMs + Math.round((k * 300) / (perRep - 1)));
      s.push(k === 0 || k === perRep - 1 ? top : Math.round(top * 2.4));
    }
  }
  return { top, t, s };
}
