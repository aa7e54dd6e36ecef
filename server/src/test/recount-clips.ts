// Clips for the recount tests, made by the real ffmpeg and kept in the system's temp folder: a
// face photo scaled at push-up pace (the e2e camera tests' e2e/camera/make-y4m.ts, encoded as the
// device's 160x120 10 fps VP8), a still face photo zoomed by ffmpeg's zoompan at a metronome's
// beat, and the device's trace of a face clip (what its camera count would have sent).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { clipSeconds, scaleAt, writeClip, type ClipOptions } from '../../../e2e/camera/make-y4m';

const cached = (key: unknown, make: (file: string) => void): Buffer => {
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `fitbench-recount-${hash}.webm`);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp.webm`;
    make(tmp);
    fs.renameSync(tmp, file);
  }
  return fs.readFileSync(file);
};

const VP8 = ['-c:v', 'libvpx', '-b:v', '56k', '-deadline', 'realtime', '-cpu-used', '8'];

export type FaceClipOptions = Omit<ClipOptions, 'fps' | 'width' | 'height'>;

/** A face moving nearer and further, as the device records it (160x120, 10 frames a second). */
export function faceClip(o: FaceClipOptions): Buffer {
  return cached(['face', o], (out) => {
    const y4m = `${out}.y4m`;
    writeClip(y4m, { ...o, fps: 10, width: 160, height: 120 });
    try {
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', y4m, ...VP8, '-f', 'webm', out]);
    } finally {
      fs.rmSync(y4m, { force: true });
    }
  });
}

/** The device's trace of that face: sizes at ~20 a second with a detector's noise. */
export function faceTrace(o: FaceClipOptions, seed = 3): { top: number; t: number[]; s: number[] } {
  // The clip's face is 25 % of the frame height wide at the top: 250 * 120 / 160 thousandths.
  const top = Math.round(((o.topFraction ?? 0.25) * 120 * 1000) / 160);
  let x = seed;
  const rand = () => ((x = (x * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const t: number[] = [];
  const s: number[] = [];
  const end = clipSeconds(o) * 1000;
  for (let at = 0; at < end; at += 50 + 8 * rand()) {
    const ms = Math.round(at);
    if (t.length > 0 && ms <= t[t.length - 1]!) continue;
    t.push(ms);
    s.push(Math.round(top * scaleAt(ms / 1000, o) * (1 + 0.02 * rand())));
  }
  return { top, t, s };
}

/** A still face photo zoomed in and out by ffmpeg's zoompan, every rep exactly `repFrames` long. */
export function zoompanClip({
  reps,
  repFrames,
  leadFrames = 30,
}: {
  reps: number;
  repFrames: number;
  leadFrames?: number;
}): Buffer {
  return cached(['zoompan', reps, repFrames, leadFrames], (out) => {
    const require = createRequire(import.meta.url);
    const root = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
    const photo = path.join(root, 'assets', 'screenshot-facedetect.jpg');
    const frames = leadFrames + reps * repFrames + 10;
    const z = `if(lt(on,${leadFrames}),1,1+1.4*pow(sin(PI*(on-${leadFrames})/${repFrames}),2))`;
    // The face (as make-y4m.ts crops it) 40 px wide in a 160x120 grey frame, zoomed about its middle.
    const vf = [
      'crop=136:140:486:352',
      'scale=40:41',
      'pad=160:120:60:40:color=0x767068',
      'scale=640:480',
      `zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=160x120:fps=10`,
    ].join(',');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-loop',
      '1',
      '-framerate',
      '10',
      '-i',
      photo,
      '-vf',
      vf,
      '-frames:v',
      String(frames),
      ...VP8,
      '-f',
      'webm',
      out,
    ]);
  });
}
