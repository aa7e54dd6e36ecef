import SonicBoom from 'sonic-boom';

/** Log text held in memory while stdout does not take it; lines beyond are dropped. */
const MAX_BUFFERED = 16 * 1024 * 1024;

export interface LogStream {
  write: (line: string) => void;
  /** Writes what is held, waiting at most `ms`; stops logging either way. */
  finish: (ms: number) => Promise<void>;
  /** Stops logging at once, dropping what is held. */
  abandon: () => void;
}

/**
 * The server's log destination: stdout, written without ever blocking the event loop or the
 * exit. pino's default destination flushes synchronously when the process exits and, on a pipe
 * whose reader has stopped reading, retries that write forever: a stopped server then hung in
 * exit for hours. Here writes are asynchronous, what stdout has not taken is bounded, nothing is
 * flushed at exit, and the stop waits for the logs only as long as it is given.
 * docs/decisions/1303-stop-that-always-ends.md
 */
export function stdoutLogStream(): LogStream {
  const boom = new SonicBoom({ fd: 1, sync: false, maxLength: MAX_BUFFERED });
  let open = true;
  // stdout is gone (EPIPE and the like): there is nowhere left to log to.
  boom.on('error', () => {
    open = false;
    boom.destroy();
  });
  return {
    write(line) {
      if (open) boom.write(line);
    },
    async finish(ms) {
      if (!open) return;
      open = false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        boom.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        boom.end();
      });
      if (!(boom as unknown as { destroyed: boolean }).destroyed) boom.destroy();
    },
    abandon() {
      if (!open) return;
      open = false;
      boom.destroy();
    },
  };
}
