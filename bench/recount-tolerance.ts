// The recount's count error on the face clips the e2e camera tests render (e2e/camera.spec.ts,
// e2e/proof-clip.spec.ts, e2e/record-traces.spec.ts, all from e2e/camera/make-y4m.ts at its
// defaults: 240x180, 15 frames a second, as Chromium's fake camera plays them), each turned into
// the device's proof clip as the browser's clone of the camera track records it (scaled to
// 160x120, thinned to 10 frames a second, VP8 at 56 kbit/s: client/src/features/timer/utils/clip-recorder.ts),
// then decoded and measured as the recount runner does. Prints, per clip, the reps filmed, the
// server's count and the difference, and the distribution of the differences: the measure behind
// RECOUNT_RULES.countTolerance (docs/decisions/0278-the-recount-tolerance-measured.md).
// Run: `npx tsx bench/recount-tolerance.ts` (about 1,900 frames: under a minute of one core).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clipTop, judgeRecount } from '../common/recount';
import { countReps } from '../common/rep-counter';
import { writeClip, type ClipOptions } from '../e2e/camera/make-y4m';
import { decodeFrames } from '../server/src/lib/clip-probe';
import { FaceTracker } from '../server/src/lib/face-tracker';

// The clip the device records starts with the run, after the model's load and the top's setting:
// the specs' long leads (30-60 s, for a slow machine's model load) are not in it. 3 s stand for
// what is left of the lead when the run starts; the tails are the specs' own.
const LEAD = 3;
const clips: Record<string, ClipOptions> = {
  // e2e/camera.spec.ts `full` (and e2e/record-traces.spec.ts camera-spec-3000ms).
  'camera.spec full, 4 x 3 s': {
    leadSeconds: LEAD,
    reps: 4,
    repSeconds: 3,
    depth: 2.4,
    tailSeconds: 8,
  },
  // e2e/camera.spec.ts `half`: the face comes only half as near, which the device counts as 0.
  'camera.spec half depth, 4 x 3 s': {
    leadSeconds: LEAD,
    reps: 4,
    repSeconds: 3,
    depth: 1.5,
    tailSeconds: 8,
  },
  // e2e/proof-clip.spec.ts: 4 reps of 3 s, then the face at the top until the run's end.
  'proof-clip.spec, 4 x 3 s, long tail': {
    leadSeconds: LEAD,
    reps: 4,
    repSeconds: 3,
    depth: 2.4,
    tailSeconds: 40,
  },
  // e2e/record-traces.spec.ts.
  'record-traces metronome, 12 x 1.5 s': {
    leadSeconds: LEAD,
    reps: 12,
    repSeconds: 1.5,
    depth: 2.4,
    tailSeconds: 6,
  },
  'record-traces metronome, 16 x 0.9 s': {
    leadSeconds: LEAD,
    reps: 16,
    repSeconds: 0.9,
    depth: 2.4,
    tailSeconds: 6,
  },
  'record-traces uneven, 12 x 1.2 s +-15 %': {
    leadSeconds: LEAD,
    reps: 12,
    repSeconds: 1.2,
    depth: 2.4,
    tailSeconds: 6,
    repJitter: 0.15,
  },
  // Larger counts at the same pace as the uneven clip's person.
  'uneven, 25 x 1.4 s +-15 %': {
    leadSeconds: LEAD,
    reps: 25,
    repSeconds: 1.4,
    depth: 2.4,
    tailSeconds: 4,
    repJitter: 0.15,
  },
  'uneven, 40 x 1.1 s +-10 %': {
    leadSeconds: LEAD,
    reps: 40,
    repSeconds: 1.1,
    depth: 2.4,
    tailSeconds: 3,
    repJitter: 0.1,
  },
};
/** What the device's count of each clip is (the half-depth one is not a push-up: 0). */
const expected = (name: string, o: ClipOptions) => (name.includes('half depth') ? 0 : o.reps);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-tolerance-'));
const tracker = new FaceTracker(1, 30 * 60_000);
const diffs: number[] = [];
console.log('| clip | frames | reps filmed | server count | difference | verdict (claim = reps) |');
console.log('|---|---|---|---|---|---|');
try {
  for (const [name, o] of Object.entries(clips)) {
    const y4m = path.join(dir, 'clip.y4m');
    const webm = path.join(dir, 'clip.webm');
    writeClip(y4m, o);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-i', y4m, '-vf', 'fps=10,scale=160:120'],
      ...['-c:v', 'libvpx', '-b:v', '56k', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-f', 'webm', webm],
    ]);
    const frames = await decodeFrames(
      fs.readFileSync(webm),
      { width: 160, height: 120 },
      { maxFrames: 2000 },
    );
    const s = await tracker.faceSizes(frames);
    const t = s.map((_, i) => i * 100);
    const top = clipTop(s);
    const count = top === null ? 0 : countReps(t, s, top);
    const want = expected(name, o);
    const verdict = judgeRecount({ t, s }, want, null);
    diffs.push(count - want);
    console.log(
      `| ${name} | ${frames.count} | ${want} | ${count} | ${count - want} | ${verdict.outcome} |`,
    );
  }
} finally {
  await tracker.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
const histogram = new Map<number, number>();
for (const d of diffs) histogram.set(d, (histogram.get(d) ?? 0) + 1);
console.log(
  `differences (server - filmed): ${[...histogram]
    .sort(([a], [b]) => a - b)
    .map(([d, n]) => `${d > 0 ? '+' : ''}${d}: ${n}`)
    .join(', ')}; largest ${Math.max(...diffs.map(Math.abs))}`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
