// Reads a proof clip with ffprobe (Debian's ffmpeg package) in a child process with a time and
// memory limit: the clip comes from the member's device and is decoded frame by frame, so a
// malformed one must not hang or bloat the server. docs/decisions/0121-proof-clips.md.
import { spawn } from 'node:child_process';

/** The whole read (every frame decoded) must end within this; then the process is killed. */
export const PROBE_TIMEOUT_MS = 10_000;
/** Address space the process may use (ulimit -v). */
export const PROBE_MEMORY_KB = 512 * 1024;
/** Most bytes of ffprobe's JSON report read (900 frames take ~60 KB). */
const REPORT_MAX = 1024 * 1024;

export interface ClipFacts {
  codec: string;
  width: number;
  height: number;
  frames: number;
  /** From the first frame's start to the last frame's end. */
  durationMs: number;
}

export class ClipUnreadableError extends Error {}

interface Report {
  streams?: { codec_name?: string; width?: number; height?: number }[];
  frames?: { best_effort_timestamp_time?: string; duration_time?: string; pkt_duration_time?: string }[];
}

/**
 * Decodes every frame of a WebM clip's first video stream and reports what it found; throws
 * ClipUnreadableError (with a reason for the member) when it does not decode.
 */
export async function probeClip(bytes: Buffer, { timeoutMs = PROBE_TIMEOUT_MS, memoryKb = PROBE_MEMORY_KB } = {}): Promise<ClipFacts> {
  const args = [
    '-v', 'error',
    '-f', 'webm',
    '-select_streams', 'v:0',
    '-show_entries', 'stream=codec_name,width,height:frame=best_effort_timestamp_time,duration_time,pkt_duration_time',
    '-of', 'json',
    '-i', 'pipe:0',
  ];
  // sh sets the memory limit for ffprobe alone, then becomes it (exec): no shell stays behind.
  const child = spawn('/bin/sh', ['-c', `ulimit -v ${Math.floor(memoryKb)} && exec ffprobe "$@"`, 'ffprobe', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    if (out.length < REPORT_MAX) out += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (err.length < 4096) err += d;
  });
  // ffprobe may stop reading early (a broken header): that is its answer, not our error.
  child.stdin.on('error', () => undefined);
  child.stdin.end(bytes);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, s) => resolve({ code: c, signal: s }));
  });
  if (signal) throw new ClipUnreadableError('The clip took too long to read.');
  if (code !== 0 || err.trim() !== '') throw new ClipUnreadableError('The clip could not be decoded.');
  let report: Report;
  try {
    report = JSON.parse(out) as Report;
  } catch {
    throw new ClipUnreadableError('The clip could not be decoded.');
  }
  const stream = report.streams?.[0];
  const frames = report.frames ?? [];
  if (!stream?.codec_name || !stream.width || !stream.height || frames.length === 0)
    throw new ClipUnreadableError('The clip has no video.');
  const times = frames.map((f) => Number(f.best_effort_timestamp_time)).filter((x) => Number.isFinite(x));
  if (times.length !== frames.length) throw new ClipUnreadableError('The clip\'s frames have no times.');
  const last = frames[frames.length - 1]!;
  const lastLength = Number(last.duration_time ?? last.pkt_duration_time);
  const durationS = Math.max(...times) - Math.min(...times) + (Number.isFinite(lastLength) ? lastLength : 0);
  return {
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
    frames: frames.length,
    durationMs: Math.round(durationS * 1000),
  };
}
