// Writes a .y4m clip for Chromium's fake camera (--use-file-for-fake-video-capture): a face photo
// shipped by @vladmandic/human, scaled up and down at push-up pace, as a phone on the floor would
// see a face coming down towards it. YUV4MPEG2 is a text header, then per frame "FRAME\n" and the
// raw Y, U and V planes (4:2:0).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import jpeg from 'jpeg-js';

const require = createRequire(import.meta.url);

export interface ClipOptions {
  /** Seconds at the top before the first rep (camera start, calibration, ready countdown). */
  leadSeconds: number;
  reps: number;
  /** Seconds per rep (down and up). */
  repSeconds: number;
  /** Face size at the bottom, relative to the top (1.6 = 60 % larger). */
  depth: number;
  /** Seconds at the top after the last rep. */
  tailSeconds: number;
  fps?: number;
  width?: number;
  height?: number;
  /**
   * Relative wobble of the face's size from frame to frame (0.015 = +/- 1.5 %; default), as a
   * person holding still and a real sensor give: a frozen picture is not a camera run
   * (common/trace-plausibility.ts).
   */
  wobble?: number;
  /** Relative spread of each rep's length around repSeconds (0.1 = +/- 10 %; default 0). */
  repJitter?: number;
  /** Face width at the top as a fraction of the frame height (default 0.25; 0.75 = phone too close). */
  topFraction?: number;
}

// A frontal face in the package's screenshot-facedetect.jpg (x, y, width, height in pixels).
const FACE_CROP = { x: 486, y: 352, w: 136, h: 140 };
// Face width at the top, as a fraction of the frame height.
const TOP_FRACTION = 0.25;
const WOBBLE = 0.015;

/** A repeatable random number in [-1, 1) per (seed, index). */
function noiseAt(i: number, seed: number): number {
  let x = (i * 2654435761 + seed * 97) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x45d9f3b) >>> 0;
  x ^= x >>> 16;
  return (x / 4294967296) * 2 - 1;
}

/** When each rep starts (seconds after the lead), and when the last one ends. */
function repStarts(o: ClipOptions): { starts: number[]; end: number } {
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < o.reps; i++) {
    starts.push(at);
    at += o.repSeconds * (1 + (o.repJitter ?? 0) * noiseAt(i, 7));
  }
  return { starts, end: at };
}

interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

function loadFace(): Rgb {
  // The package's exports hide package.json; its main file lives in dist/.
  const root = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
  const file = path.join(root, 'assets', 'screenshot-facedetect.jpg');
  const img = jpeg.decode(fs.readFileSync(file), { useTArray: true });
  const { x, y, w, h } = FACE_CROP;
  const data = new Uint8Array(w * h * 3);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const s = ((y + j) * img.width + (x + i)) * 4;
      const d = (j * w + i) * 3;
      data[d] = img.data[s]!;
      data[d + 1] = img.data[s + 1]!;
      data[d + 2] = img.data[s + 2]!;
    }
  return { width: w, height: h, data };
}

/**
 * Face size over time: top, then each rep holds the top, eases down to `depth`, holds the bottom
 * and comes back (20 % top, 20 % down, 25 % bottom, 20 % up, 15 % top), so a slow, loaded
 * machine that sees only a few frames a second still sees each top and each bottom.
 */
export function scaleAt(t: number, o: ClipOptions): number {
  const rt = t - o.leadSeconds;
  const { starts, end } = repStarts(o);
  if (rt < 0 || rt >= end) return 1;
  let i = 0;
  while (i + 1 < starts.length && rt >= starts[i + 1]!) i++;
  const p = (rt - starts[i]!) / ((starts[i + 1] ?? end) - starts[i]!);
  const x = p < 0.2 ? 0 : p < 0.4 ? (p - 0.2) / 0.2 : p < 0.65 ? 1 : p < 0.85 ? (0.85 - p) / 0.2 : 0;
  return 1 + (o.depth - 1) * x * x * (3 - 2 * x);
}

export function clipSeconds(o: ClipOptions): number {
  return o.leadSeconds + repStarts(o).end + o.tailSeconds;
}

/** Writes the clip to `file` (bilinear scaling of the face over a plain floor-grey background). */
export function writeClip(file: string, o: ClipOptions): void {
  const fps = o.fps ?? 15;
  const W = o.width ?? 240;
  const H = o.height ?? 180;
  const face = loadFace();
  const frames = Math.round(clipSeconds(o) * fps);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420jpeg\n`);
  // Frames of the same size are drawn once.
  const drawn = new Map<number, Buffer>();
  for (let f = 0; f < frames; f++) {
    const wobble = 1 + (o.wobble ?? WOBBLE) * noiseAt(f, 1);
    const s = Math.round(scaleAt(f / fps, o) * wobble * 200) / 200;
    let yuv = drawn.get(s);
    if (!yuv) {
      yuv = drawFrame(face, s, W, H, o.topFraction ?? TOP_FRACTION);
      drawn.set(s, yuv);
    }
    fs.writeSync(fd, 'FRAME\n');
    fs.writeSync(fd, yuv);
  }
  fs.closeSync(fd);
}

function drawFrame(face: Rgb, s: number, W: number, H: number, topFraction: number): Buffer {
  const rgb = new Uint8Array(W * H * 3);
  const yuv = Buffer.alloc(W * H + 2 * (W / 2) * (H / 2));
  const fw = topFraction * H * s;
  const fh = (fw * face.height) / face.width;
  const x0 = (W - fw) / 2;
  const y0 = (H - fh) / 2;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = (y * W + x) * 3;
      const u = ((x - x0) / fw) * (face.width - 1);
      const v = ((y - y0) / fh) * (face.height - 1);
      if (u < 0 || v < 0 || u > face.width - 1 || v > face.height - 1) {
        rgb[d] = 118;
        rgb[d + 1] = 112;
        rgb[d + 2] = 104;
        continue;
      }
      const i0 = Math.floor(u);
      const j0 = Math.floor(v);
      const i1 = Math.min(i0 + 1, face.width - 1);
      const j1 = Math.min(j0 + 1, face.height - 1);
      const a = u - i0;
      const b = v - j0;
      for (let c = 0; c < 3; c++) {
        const p = (i: number, j: number) => face.data[(j * face.width + i) * 3 + c]!;
        rgb[d + c] =
          (1 - b) * ((1 - a) * p(i0, j0) + a * p(i1, j0)) +
          b * ((1 - a) * p(i0, j1) + a * p(i1, j1));
      }
    }
  // BT.601 full range (what C420jpeg means).
  const uOff = W * H;
  const vOff = uOff + (W / 2) * (H / 2);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = (y * W + x) * 3;
      const r = rgb[d]!;
      const g = rgb[d + 1]!;
      const bl = rgb[d + 2]!;
      yuv[y * W + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * bl);
      if (y % 2 === 0 && x % 2 === 0) {
        const ci = (y / 2) * (W / 2) + x / 2;
        yuv[uOff + ci] = Math.max(
          0,
          Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * bl)),
        );
        yuv[vOff + ci] = Math.max(
          0,
          Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * bl)),
        );
      }
    }
  return yuv;
}
