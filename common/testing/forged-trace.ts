// The forged trace of the last attack on the camera count, kept as a fixture: a simulator written
// from common/trace-plausibility.ts, with a face size of top x (1 + 0.95 sin^2), 1.2 % noise,
// 29.5 samples a second with 25 % jitter, and 150 reps of about 597 ms +- 1.5 %. It passes the
// trace's plausibility rules; only the server's recount of a proof clip can refuse it
// (docs/decisions/0240-recounting-proof-clips.md). Deterministic: the same seed, the same trace.

export interface AttackTraceOptions {
  reps?: number;
  seed?: number;
  top?: number;
}

export function simulatedAttackTrace({
  reps = 150,
  seed = 2,
  top = 200,
}: AttackTraceOptions = {}): {
  top: number;
  t: number[];
  s: number[];
} {
  let x = seed % 2147483647;
  // Uniform in [-1, 1), Park-Miller.
  const rand = () => ((x = (x * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const lead = 150;
  // Rep boundaries: each rep about 597 ms, +- 1.5 %.
  const bounds = [lead];
  for (let i = 0; i < reps; i++) bounds.push(bounds[i]! + 597 * (1 + 0.015 * rand()));
  const end = bounds[reps]! + 150;
  const frameMs = 1000 / 29.5;
  const t: number[] = [];
  const s: number[] = [];
  let k = 0;
  for (let at = 0; at < end; at += frameMs * (1 + 0.25 * rand())) {
    const ms = Math.round(at);
    if (t.length > 0 && ms <= t[t.length - 1]!) continue;
    while (k < reps && ms >= bounds[k + 1]!) k++;
    const inRep = ms >= lead && k < reps;
    const phase = inRep ? (ms - bounds[k]!) / (bounds[k + 1]! - bounds[k]!) : 0;
    const size = top * (1 + 0.95 * Math.sin(Math.PI * phase) ** 2) * (1 + 0.012 * rand());
    t.push(ms);
    s.push(Math.max(1, Math.min(1000, Math.round(size))));
  }
  return { top, t, s };
}
