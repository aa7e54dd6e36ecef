import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** DATA_DIR is held by another live process; `owner` names it when its lock file could be read. */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly owner?: { pid: number; host: string; startedAt: string },
    readonly lockFile?: string,
  ) {
    super(message);
  }
}

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
  /** The kernel's boot id (Linux): a lock from an earlier boot names no running process. */
  bootId?: string;
  /** The owner's start time in clock ticks since boot (/proc/<pid>/stat field 22, Linux). */
  procStart?: string;
}

/** Lock files this process holds, by path: a second lock on one of them is refused. */
const heldHere = new Set<string>();

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A process's state letter and start time from /proc/<pid>/stat, or null where there is no
 * /proc or the process is not there. The second field is the command name in parentheses, which
 * may itself hold spaces and parentheses, so the fields are counted from the last ')'.
 */
export function processStat(pid: number): { state: string; start: string } | null {
  const text = readText(`/proc/${pid}/stat`);
  if (text === undefined) return null;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  const state = fields[0];
  const start = fields[19];
  if (!state || !start) return null;
  return { state, start };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's owner may still be running. Only a process that is certainly another, live
 * process holds the lock; anything shown to be gone does not:
 * - another host: cannot be checked from here, so it holds;
 * - another boot of this machine: gone;
 * - this process's own pid, not locked by this process: an earlier process that had the same pid
 *   (a container restarted after a crash often gives the new process the old one's pid);
 * - a zombie (killed, not yet reaped) or a process whose start time differs (the pid was reused): gone.
 */
function ownerRunning(owner: Owner, me: Owner, file: string): boolean {
  if (owner.host !== me.host) return true;
  if (owner.bootId && me.bootId && owner.bootId !== me.bootId) return false;
  if (owner.pid === process.pid) return heldHere.has(file);
  const stat = processStat(owner.pid);
  // No /proc (or a /proc that hides other users' processes): the signal check is all there is.
  if (stat === null) return signalable(owner.pid);
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  if (owner.procStart !== undefined && owner.procStart !== stat.start) return false;
  return true;
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * PGlite does not lock its folder and two writers corrupt it, so the app holds an exclusive lock
 * on DATA_DIR for its whole life: a lock file created with O_EXCL that names the owning process
 * (pid, host, boot id and the process's start time). A lock whose process is gone (killed,
 * crashed, a zombie, an earlier process with a pid now reused) is taken over at once. No timers
 * are involved, so a long synchronous stall (PGlite creating a new database blocks the event loop
 * for seconds) can never make the lock look stale. The returned release removes the file; it is
 * not called on exit by itself: the caller releases after closing the database, and a process that
 * exits with the database still open leaves the lock for the next start to take over.
 * See docs/decisions/0004-data-dir-lock.md and docs/decisions/0078-data-dir-lock-owner.md.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.resolve(dataDir, 'fitbench.lock');
  const bootId = readText('/proc/sys/kernel/random/boot_id')?.trim();
  const procStart = processStat(process.pid)?.start;
  const me: Owner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    ...(bootId ? { bootId } : {}),
    ...(procStart ? { procStart } : {}),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!heldHere.has(file)) {
      try {
        fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
        heldHere.add(file);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          heldHere.delete(file);
          const owner = readOwner(file);
          if (owner?.pid === me.pid && owner.host === me.host && owner.startedAt === me.startedAt) {
            fs.rmSync(file, { force: true });
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    const owner = readOwner(file);
    const held = owner !== null && ownerRunning(owner, me, file);
    if (held || owner === null) {
      // A lock file being written this instant reads as null; give it a moment before judging.
      if (owner === null && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      const who = owner ? ` (process ${owner.pid} on ${owner.host}, since ${owner.startedAt})` : '';
      throw new DataDirLockedError(
        `The data folder ${path.resolve(dataDir)} is already in use by another FitBench process${who}. ` +
          'Stop that process or choose another DATA_DIR. If no such process exists, delete ' +
          `${file} and start again.`,
        owner ? { pid: owner.pid, host: owner.host, startedAt: owner.startedAt } : undefined,
        file,
      );
    }
    // The owner is gone: take the lock over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}; try again.`);
}
