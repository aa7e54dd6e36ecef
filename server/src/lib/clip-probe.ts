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

/** Why a clip cannot be read, by code (a recount stores the code: common/recount-reasons.ts). */
export const CLIP_PROBLEMS = {
  undecodable: 'The clip could not be decoded.',
  'too-slow': 'The clip took too long to read.',
  'no-video': 'The clip has no video.',
  'no-times': "The clip's frames have no times.",
} as const;
export type ClipProblem = keyof typeof CLIP_PROBLEMS;

export class ClipUnreadableError extends Error {
  constructor(public readonly problem: ClipProblem) {
    super(CLIP_PROBLEMS[problem]);
  }
}

interface Report {
  streams?: { codec_name?: string; width?: number; height?: number; nb_read_packets?: string }[];
  frames?: {
    best_effort_timestamp_time?: string;
    duration_time?: string;
    pkt_duration_time?: string;
  }[];
}

interface RunOptions {
  timeoutMs?: number;
  memoryKb?: number;
}

/**
 * Runs ffprobe or ffmpeg on the clip (given on stdin) under the memory and time limits; resolves
 * with its stdout once it exited 0 with nothing on stderr, else throws ClipUnreadableError.
 */
async function runTool(
  tool: 'ffprobe' | 'ffmpeg',
  args: string[],
  bytes: Buffer,
  { timeoutMs = PROBE_TIMEOUT_MS, memoryKb = PROBE_MEMORY_KB }: RunOptions,
  outMax: number,
): Promise<Buffer> {
  // sh sets the memory limit for the tool alone, then becomes it (exec): no shell stays behind.
  const child = spawn(
    '/bin/sh',
    ['-c', `ulimit -v ${Math.floor(memoryKb)} && exec ${tool} "$@"`, tool, ...args],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    },
  );
  const out: Buffer[] = [];
  let outBytes = 0;
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    if (outBytes >= outMax) return child.kill('SIGKILL');
    out.push(d);
    outBytes += d.length;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (err.length < 4096) err += d;
  });
  // The tool may stop reading early (a broken header): that is its answer, not our error.
  child.stdin.on('error', () => undefined);
  child.stdin.end(bytes);
  const { code, signal } = await new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
  }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (c, s) => resolve({ code: c, signal: s }));
  });
  if (signal) throw new ClipUnreadableError(outBytes >= outMax ? 'undecodable' : 'too-slow');
  if (code !== 0 || err.trim() !== '') throw new ClipUnreadableError('undecodable');
  return Buffer.concat(out);
}

function parseReport(out: Buffer): Report {
  try {
    return JSON.parse(out.toString('utf8')) as Report;
  } catch {
    throw new ClipUnreadableError('undecodable');
  }
}

export interface ClipHeader {
  codec: string;
  width: number;
  height: number;
  /** Packets of the video stream, counted by reading the container (no frame decoded). */
  packets: number;
}

/**
 * What the container says of the first video stream, read without decoding a frame: lets the
 * caller refuse sizes and frame counts no phone records before paying for the decode.
 */
export async function readClipHeader(bytes: Buffer, options: RunOptions = {}): Promise<ClipHeader> {
  const args = [
    '-v',
    'error',
    '-f',
    'webm',
    '-select_streams',
    'v:0',
    '-count_packets',
    '-show_entries',
    'stream=codec_name,width,height,nb_read_packets',
    '-of',
    'json',
    '-i',
    'pipe:0',
  ];
  const stream = parseReport(await runTool('ffprobe', args, bytes, options, REPORT_MAX))
    .streams?.[0];
  const packets = Number(stream?.nb_read_packets);
  if (
    !stream?.codec_name ||
    !stream.width ||
    !stream.height ||
    !Number.isFinite(packets) ||
    packets === 0
  )
    throw new ClipUnreadableError('no-video');
  return { codec: stream.codec_name, width: stream.width, height: stream.height, packets };
}

/**
 * Decodes every frame of a WebM clip's first video stream and reports what it found; throws
 * ClipUnreadableError (with a reason for the member) when it does not decode. `maxPixels` makes
 * the decoder refuse any frame larger than that, whatever the container claimed.
 */
export async function probeClip(
  bytes: Buffer,
  { maxPixels, ...options }: RunOptions & { maxPixels?: number } = {},
): Promise<ClipFacts> {
  const args = [
    '-v',
    'error',
    ...(maxPixels ? ['-max_pixels', String(maxPixels)] : []),
    '-f',
    'webm',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height:frame=best_effort_timestamp_time,duration_time,pkt_duration_time',
    '-of',
    'json',
    '-i',
    'pipe:0',
  ];
  const report = parseReport(await runTool('ffprobe', args, bytes, options, REPORT_MAX));
  const stream = report.streams?.[0];
  const frames = report.frames ?? [];
  if (!stream?.codec_name || !stream.width || !stream.height || frames.length === 0)
    throw new ClipUnreadableError('no-video');
  const times = frames
    .map((f) => Number(f.best_effort_timestamp_time))
    .filter((x) => Number.isFinite(x));
  if (times.length !== frames.length) throw new ClipUnreadableError('no-times');
  const last = frames[frames.length - 1]!;
  const lastLength = Number(last.duration_time ?? last.pkt_duration_time);
  const durationS =
    Math.max(...times) - Math.min(...times) + (Number.isFinite(lastLength) ? lastLength : 0);
  return {
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
    frames: frames.length,
    durationMs: Math.round(durationS * 1000),
  };
}

/**
 * The clip's first video stream written anew into a WebM of its own (stream copy, no re-encode):
 * what is kept is only what was probed, never bytes the upload carried after or around it (a
 * WebM followed by HTML or a playlist). `outMax`: the most bytes kept.
 */
export async function remuxClip(
  bytes: Buffer,
  outMax: number,
  options: RunOptions = {},
): Promise<Buffer> {
  const args = [
    '-v',
    'error',
    '-f',
    'webm',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-map_metadata',
    '-1',
    '-f',
    'webm',
    'pipe:1',
  ];
  const out = await runTool('ffmpeg', args, bytes, options, outMax + 1);
  if (out.length === 0 || out.length > outMax) throw new ClipUnreadableError('undecodable');
  return out;
}

/** A kept clip's frames as RGB (3 bytes a pixel, row by row), `fps` a second from its start. */
export interface DecodedFrames {
  rgb: Buffer;
  width: number;
  height: number;
  count: number;
  fps: number;
}

/**
 * Decodes a kept clip into RGB frames at `fps` (the proof clip's own rate, 10), scaled to `width`
 * pixels wide (the height keeps the clip's shape, rounded to an even number) for the recount's
 * face detector (docs/decisions/0240-recounting-proof-clips.md). At most `maxFrames` frames.
 */
export async function decodeFrames(
  bytes: Buffer,
  clip: { width: number; height: number },
  { fps = 10, width = 160, maxFrames }: { fps?: number; width?: number; maxFrames: number },
  options: RunOptions = {},
): Promise<DecodedFrames> {
  const height = Math.max(2, 2 * Math.round((width * clip.height) / clip.width / 2));
  const frameBytes = width * height * 3;
  const args = [
    '-v',
    'error',
    // One thread each: under the memory limit ffmpeg cannot start its thread pools.
    '-threads',
    '1',
    '-f',
    'webm',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-threads',
    '1',
    '-vf',
    `fps=${fps},scale=${width}:${height}`,
    '-frames:v',
    String(maxFrames),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
  const rgb = await runTool('ffmpeg', args, bytes, options, frameBytes * maxFrames + 1);
  const count = Math.floor(rgb.length / frameBytes);
  if (count === 0) throw new ClipUnreadableError('undecodable');
  return { rgb, width, height, count, fps };
}
