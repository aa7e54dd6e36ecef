import { HttpError } from './errors';

/**
 * Runs at most `concurrency` tasks at once, queues at most `queue` more, and refuses the rest at
 * once with a 503 and Retry-After, so a flood of logins cannot pile up unbounded work (nor take
 * every libuv thread). docs/decisions/0032-argon2-queue.md
 */
export class WorkLimiter {
  private running = 0;
  private waiting: (() => void)[] = [];

  constructor(
    private concurrency: number,
    private queue: number,
    private retryAfterSeconds = 2,
    private busyMessage = 'The server is busy signing people in. Please try again in a few seconds.',
  ) {}

  configure(concurrency: number, queue: number) {
    this.concurrency = Math.max(1, concurrency);
    this.queue = Math.max(0, queue);
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Every slot busy and the queue full: a task given now would be refused. */
  get full() {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  /**
   * Refuses now, as run() would, when the limiter is full: callers check this before the work
   * that leads up to the task (database round trips), so a flood is turned away cheaply.
   */
  refuseIfFull() {
    if (this.full) throw this.busy();
  }

  private busy() {
    return new HttpError(503, this.busyMessage, undefined, {
      'retry-after': String(this.retryAfterSeconds),
    });
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw this.busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
