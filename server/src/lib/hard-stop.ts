import { Worker } from 'node:worker_threads';

// Runs in a thread of its own, so it fires even while the main thread is stuck in synchronous
// code (a write that never returns, a stuck WebAssembly call) and no timer of its can run.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
`;

/**
 * The last resort of a stop: after `ms` the process is killed (SIGKILL) from another thread,
 * whatever the main thread is doing. The stop's own deadline (a timer calling process.exit) comes
 * first; this is for a main thread that cannot run it. Killed, the process leaves the DATA_DIR
 * lock in place (its database was not closed), and the next start takes it over.
 * docs/decisions/1303-stop-that-always-ends.md
 */
export function armHardStop(ms: number) {
  // No execArgv: the parent's (--import tsx in development) would only slow its start.
  const worker = new Worker(WATCHDOG, { eval: true, execArgv: [], workerData: { pid: process.pid, ms } });
  // It must not keep an otherwise finished process alive.
  worker.unref();
  worker.on('error', () => undefined);
}
