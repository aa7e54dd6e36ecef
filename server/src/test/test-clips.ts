// WebM clips for the proof-clip tests, made by the real ffmpeg (Debian's package) and kept in the
// system's temp folder between runs: a 90-second clip takes a few seconds to encode.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestClipOptions {
  seconds?: number;
  fps?: number;
  size?: string;
  codec?: 'libvpx' | 'libvpx-vp9';
  format?: 'webm' | 'matroska';
  /** A moving test pattern (default), or one flat colour (a tiny file that decodes fast). */
  pattern?: 'testsrc' | 'color';
}

export function testClip({
  seconds = 90,
  fps = 10,
  size = '160x120',
  codec = 'libvpx',
  format = 'webm',
  pattern = 'testsrc',
}: TestClipOptions = {}): Buffer {
  const key = createHash('sha256')
    .update(JSON.stringify([seconds, fps, size, codec, format, pattern]))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(
    os.tmpdir(),
    `fitbench-test-clip-${key}.${format === 'webm' ? 'webm' : 'mkv'}`,
  );
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `${pattern === 'color' ? 'color=c=gray:' : 'testsrc='}size=${size}:rate=${fps}`,
      '-t',
      String(seconds),
      '-c:v',
      codec,
      '-b:v',
      '60k',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-f',
      format,
      tmp,
    ]);
    fs.renameSync(tmp, file);
  }
  return fs.readFileSync(file);
}
