// The server's recount of a proof clip (docs/decisions/0240-recounting-proof-clips.md) on this
// machine: a 90 s clip of a face at push-up pace (the device's 160x120, 10 frames a second, VP8)
// decoded by ffmpeg and measured by the face detection thread, as the recount runner does. Prints
// the wall and CPU time, the process's peak memory, and what the queue holds under 20 uploads a
// minute on one instance (arrivals against the measured recounts per minute).
// Run: `npm run bench:recount` (alone: the figures are CPU bound). Prints the load average.
import os from 'node:os';
import { judgeRecount } from '../common/recount';
import { decodeFrames } from '../server/src/lib/clip-probe';
import { FaceTracker } from '../server/src/lib/face-tracker';
import { faceClip } from '../server/src/test/recount-clips';

const REPS = 58;
const clipOptions = {
  leadSeconds: 3,
  reps: REPS,
  repSeconds: 1.65,
  depth: 2.4,
  tailSeconds: 1,
  repJitter: 0.1,
};
const UPLOADS_PER_MINUTE = 20;
const RUNS = Number(process.env.BENCH_RECOUNT_RUNS ?? 2);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const bytes = faceClip(clipOptions);
const tracker = new FaceTracker(1, 30 * 60_000);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
console.log(
  `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const baseRss = process.memoryUsage().rss;
const walls: number[] = [];
const cpus: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const frames = await decodeFrames(bytes, { width: 160, height: 120 }, { maxFrames: 930 });
  const decodedMs = performance.now() - t0;
  const rgbBytes = frames.rgb.length;
  const s = await tracker.faceSizes(frames);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const t = s.map((_, i) => i * 100);
  const verdict = judgeRecount({ t, s }, REPS, null);
  walls.push(wall);
  cpus.push((cpu.user + cpu.system) / 1e6);
  console.log(
    `run ${run + 1}${run === 0 ? ' (loads the model)' : ''}: ${frames.count} frames, ${(wall / 1000).toFixed(1)} s wall ` +
      `(decode ${Math.round(decodedMs)} ms), ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU of this process, ` +
      `frames ${mb(rgbBytes)}; verdict ${verdict.outcome} ${verdict.serverCount}/${REPS}`,
  );
}
clearInterval(sampler);
await tracker.close();
const perClip = walls[walls.length - 1]! / 1000;
const cpuPerClip = cpus[cpus.length - 1]!;
// On a loaded machine the wall time counts other work's turns: the CPU time is what a free core needs.
const queueLine = (seconds: number) => {
  const perMinute = 60 / seconds;
  return (
    `${perMinute.toFixed(1)} recounts a minute a core; ` +
    (perMinute >= UPLOADS_PER_MINUTE
      ? 'the queue stays empty'
      : `one core: the queue grows by ${(UPLOADS_PER_MINUTE - perMinute).toFixed(1)} a minute; two: by ` +
        `${Math.max(0, UPLOADS_PER_MINUTE - 2 * perMinute).toFixed(1)}; ${Math.ceil(UPLOADS_PER_MINUTE / perMinute)} cores keep up`)
  );
};
console.log(
  `peak RSS ${mb(peakRss)} (at start ${mb(baseRss)}; ffmpeg's own process, under its 512 MB limit, not included)`,
);
console.log(
  `queue at ${UPLOADS_PER_MINUTE} uploads a minute, from the wall time: ${queueLine(perClip)}`,
);
console.log(
  `queue at ${UPLOADS_PER_MINUTE} uploads a minute, from the CPU time: ${queueLine(cpuPerClip)}`,
);
console.log(
  `load average after: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
