import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from './errors';

/** A satori element: plain objects and strings, so it crosses to a render thread as it is. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, unknown>; children?: CardNode | string | (CardNode | string)[] };
}

export interface CardRendererOptions {
  /** Render threads, each drawing one card at a time. */
  workers: number;
  /** Cards that may wait for a free thread; beyond that, 503 at once. */
  queue: number;
  /** A card not drawn in this time ends its thread (the next card starts a new one). */
  timeoutMs?: number;
  retryAfterSeconds?: number;
}

interface Task {
  id: number;
  tree: CardNode;
  width: number;
  height: number;
  resolve(png: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker?: Worker;
  task?: Task;
  timer?: NodeJS.Timeout;
}

// Beside this module in the sources, and beside the bundle in dist/server (scripts/build.mjs).
const WORKER_FILE = new URL('./card-render-worker.mjs', import.meta.url);

function fontFiles() {
  const require = createRequire(import.meta.url);
  // satori reads woff, not woff2.
  const file = (weight: number) =>
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return [
    { name: 'Inter', weight: 400, style: 'normal', path: file(400) },
    { name: 'Inter', weight: 800, style: 'normal', path: file(800) },
  ];
}

/**
 * Draws share cards on worker threads with a bounded queue: at most `workers` cards are drawn at
 * once, at most `queue` more wait, and the rest are refused at once with a 503 and Retry-After, so
 * a flood of card requests neither blocks the event loop nor piles up work.
 * Threads start on the first card (loading satori is slow: measured by npm run bench, see docs/benchmarks.md) and stay.
 * docs/decisions/0081-bounded-share-cards.md
 */
export class CardRenderer {
  private slots: Slot[];
  private waiting: Task[] = [];
  private nextId = 1;
  private closed = false;
  private renders = 0;

  constructor(private opts: CardRendererOptions) {
    // Checked at start, not on the first card: a build that left the file out fails at once.
    if (!fs.existsSync(WORKER_FILE)) {
      throw new Error(
        `The share-card render thread's file is missing: ${fileURLToPath(WORKER_FILE)}`,
      );
    }
    this.slots = Array.from({ length: Math.max(1, opts.workers) }, () => ({}));
  }

  /** Cards accepted for drawing since start, those being drawn and those waiting. */
  get stats() {
    return {
      renders: this.renders,
      running: this.slots.filter((s) => s.task).length,
      waiting: this.waiting.length,
    };
  }

  /** Every thread busy and the queue full: a card asked for now would be refused. */
  get full() {
    return (
      this.closed || (this.slots.every((s) => s.task) && this.waiting.length >= this.opts.queue)
    );
  }

  busy() {
    return new HttpError(
      503,
      'The server is busy drawing share cards. Please try again in a few seconds.',
      undefined,
      {
        'retry-after': String(this.opts.retryAfterSeconds ?? 5),
      },
    );
  }

  render(tree: CardNode, width: number, height: number): Promise<Buffer> {
    if (this.full) return Promise.reject(this.busy());
    this.renders += 1;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, tree, width, height, resolve, reject });
      this.dispatch();
    });
  }

  async close() {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(this.busy());
    await Promise.all(this.slots.map((s) => s.worker?.terminate()));
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (this.waiting.length === 0) return;
      if (!slot.task) this.start(slot, this.waiting.shift()!);
    }
  }

  private start(slot: Slot, task: Task) {
    slot.task = task;
    slot.worker ??= this.spawn(slot);
    // Long enough for a thread's first card (loading satori) on a busy machine.
    const timeoutMs = this.opts.timeoutMs ?? 20_000;
    slot.timer = setTimeout(() => this.fail(slot, this.busy()), timeoutMs);
    slot.timer.unref();
    slot.worker.postMessage({
      id: task.id,
      tree: task.tree,
      width: task.width,
      height: task.height,
    });
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(WORKER_FILE, { workerData: { fonts: fontFiles() } });
    // An idle thread does not keep the process alive; close() ends it on a graceful stop.
    worker.unref();
    worker.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
      const task = slot.task;
      if (slot.worker !== worker || task?.id !== m.id) return;
      this.done(slot);
      if (m.png) task.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
      else task.reject(new Error(`The share card could not be drawn: ${m.error}`));
    });
    worker.on('error', (err) => {
      if (slot.worker === worker) this.fail(slot, err);
    });
    worker.on('exit', () => {
      if (slot.worker === worker) this.fail(slot, this.busy());
    });
    return worker;
  }

  private done(slot: Slot) {
    clearTimeout(slot.timer);
    slot.task = undefined;
    this.dispatch();
  }

  /** The thread is stuck or gone: it is ended, its card refused, and the next card starts a new one. */
  private fail(slot: Slot, err: Error) {
    const task = slot.task;
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.terminate();
    this.done(slot);
    task?.reject(err);
  }
}
