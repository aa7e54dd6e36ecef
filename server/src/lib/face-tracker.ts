import { Worker } from 'node:worker_threads';
import { FACE_DETECTOR_SETTINGS, faceSizeOf } from '@common/face-detector-settings';
import type { DecodedFrames } from './clip-probe';

// Beside this module in the sources, and beside the bundle in dist/server (scripts/build.mjs).
const WORKER_FILE = new URL('./face-track-worker.mjs', import.meta.url);

/** A detection thread, given the device's detector settings (one copy: common/face-detector-settings.ts). */
const startThread = () =>
  new Worker(WORKER_FILE, { workerData: { settings: FACE_DETECTOR_SETTINGS } });

interface Reply {
  id: number;
  /** The face's box width per frame, a share of the frame width (0: none). */
  widths?: number[];
  error?: string;
}

/**
 * The recount's face detector on threads of its own (./face-track-worker.mjs): at most `threads`
 * clips at once (a caller past that waits), each thread loading the model once and kept while
 * the process lives. A clip not done within `timeoutMs` ends its thread; the next clip starts a
 * new one. docs/decisions/0240-recounting-proof-clips.md
 */
export class FaceTracker {
  private idle: Worker[] = [];
  private started = 0;
  private waiting: ((w: Worker) => void)[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly threads: number,
    private readonly timeoutMs: number,
  ) {}

  /** Face width in thousandths of the frame width, per frame (0: no face). */
  async faceSizes(frames: DecodedFrames): Promise<number[]> {
    const worker = await this.take();
    const id = this.nextId++;
    // The frames' memory moves to the thread (no copy); the caller does not read them again.
    const copy = new Uint8Array(frames.rgb.buffer, frames.rgb.byteOffset, frames.rgb.byteLength);
    const buffer =
      copy.byteOffset === 0 && copy.byteLength === copy.buffer.byteLength
        ? copy.buffer
        : copy.slice().buffer;
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error('The face detection took too long.'));
        }, this.timeoutMs);
        const onMessage = (m: Reply) => {
          if (m.id !== id) return;
          cleanup();
          resolve(m);
        };
        const onGone = (err?: unknown) => {
          cleanup();
          reject(err instanceof Error ? err : new Error('The face detection thread stopped.'));
        };
        const cleanup = () => {
          clearTimeout(timer);
          worker.off('message', onMessage).off('error', onGone).off('exit', onGone);
        };
        worker.on('message', onMessage).on('error', onGone).on('exit', onGone);
        worker.postMessage(
          {
            id,
            frames: buffer,
            width: frames.width,
            height: frames.height,
            count: frames.count,
          },
          [buffer as ArrayBuffer],
        );
      });
      this.give(worker);
      if (!reply.widths) throw new Error(`The face detection failed: ${reply.error}`);
      return reply.widths.map((w) => faceSizeOf(w > 0 ? { boxRaw: [0, 0, w] } : undefined));
    } catch (err) {
      this.discard(worker);
      throw err;
    }
  }

  /** Ends every thread (a graceful stop). */
  async close() {
    this.closed = true;
    const all = this.idle.splice(0);
    await Promise.all(all.map((w) => w.terminate()));
  }

  private take(): Promise<Worker> {
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    if (this.started < this.threads) {
      this.started += 1;
      const worker = startThread();
      worker.unref();
      return Promise.resolve(worker);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(worker: Worker) {
    if (this.closed) return this.discard(worker);
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private discard(worker: Worker) {
    void worker.terminate();
    this.started -= 1;
    const next = this.waiting.shift();
    if (next) {
      this.started += 1;
      const fresh = startThread();
      fresh.unref();
      next(fresh);
    }
  }
}
