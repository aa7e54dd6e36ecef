import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/**
 * PGlite does not lock its folder and two writers corrupt it, so the app holds an exclusive lock
 * on DATA_DIR for its whole life: a lock file created with O_EXCL that names the owning process.
 * A lock whose process is gone (killed, crashed) is taken over at once. No timers are involved, so
 * a long synchronous stall (PGlite creating a new database blocks the event loop for seconds) can
 * never make the lock look stale. See docs/decisions/0004-data-dir-lock.md.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'fitbench.lock');
  const me: Owner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const owner = readOwner(file);
        if (owner?.pid === me.pid && owner.host === me.host) fs.rmSync(file, { force: true });
      };
      // Covers process.exit() paths too; a SIGKILL leaves the file, which the next start takes over.
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    const held = owner !== null && (owner.host !== me.host || isAlive(owner.pid));
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
      );
    }
    // The owner is gone: take the lock over.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}; try again.`);
}
