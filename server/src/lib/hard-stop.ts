import { spawn } from 'node:child_process';

// A process of its own: it fires even while this one's main thread is stuck in synchronous code,
// and even while this process is stuck inside its own exit (Node waits there for its thread pool,
// where a write to a full pipe can block forever; worker threads are already gone by then). It
// ends quietly once its parent is gone (its parent pid changes), so it never kills a stranger
// that was given the same pid.
const WATCHDOG = `
const [pid, at] = process.argv.slice(1).map(Number);
const tick = setInterval(() => {
  // Its parent is the process to stop: another parent means that one is gone (even before this
  // watchdog started).
  if (process.ppid !== pid) process.exit(0);
  if (Date.now() >= at) {
    clearInterval(tick);
    try { process.kill(pid, 'SIGKILL'); } catch {}
    process.exit(0);
  }
}, 50);
`;

/**
 * The last resort of a stop: after `ms` the process is killed (SIGKILL) from another process,
 * whatever it is doing. The stop's own deadline (a timer calling process.exit) comes first; this
 * is for a process that cannot get there. Killed, it leaves the DATA_DIR lock in place (its
 * database was not closed), and the next start takes it over.
 * docs/decisions/0080-stop-that-always-ends.md
 */
export function armHardStop(ms: number) {
  try {
    // The moment itself, not a delay: a slow start of the watchdog (a loaded machine) adds nothing.
    const child = spawn(
      process.execPath,
      ['-e', WATCHDOG, String(process.pid), String(Date.now() + ms)],
      {
        stdio: 'ignore',
        // Its own process group: a second Ctrl-C in a terminal (sent to the whole group) spares it.
        detached: true,
      },
    );
    child.on('error', () => undefined);
    // It must not keep an otherwise finished process alive.
    child.unref();
  } catch {
    // No process could be started (a pids limit): the deadline timer is still there.
  }
}
