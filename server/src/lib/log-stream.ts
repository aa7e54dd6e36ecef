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
 * The server's log destination: process.stdout, written without ever blocking the event loop or
 * the exit. pino's default destination writes fd 1 from libuv's thread pool and flushes
 * synchronously at exit: on a pipe whose reader has stopped reading, that write never returns,
 * and the exit, which waits for the thread pool, never ends (a stopped server hung for hours).
 * process.stdout on a pipe is non-blocking and uses no thread pool, so the exit does not wait
 * for it. Lines of one turn of the event loop go out in one write; what stdout has not taken is
 * bounded; the stop waits for the logs only as long as it is given.
 * docs/decisions/0080-stop-that-always-ends.md
 */
export function stdoutLogStream(stdout: NodeJS.WriteStream = process.stdout): LogStream {
  let open = true;
  let pending = '';
  let scheduled = false;
  // stdout is gone (EPIPE and the like): there is nowhere left to log to.
  stdout.on('error', () => {
    open = false;
    pending = '';
  });
  const flush = () => {
    scheduled = false;
    if (!open || pending === '') return;
    const chunk = pending;
    pending = '';
    stdout.write(chunk);
  };
  return {
    write(line) {
      if (!open || stdout.writableLength + pending.length > MAX_BUFFERED) return;
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    async finish(ms) {
      if (!open) return;
      flush();
      open = false;
      if (stdout.writableLength === 0 || ms <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        stdout.once('drain', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    abandon() {
      open = false;
      pending = '';
    },
  };
}
