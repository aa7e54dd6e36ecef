import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder and two writers corrupt it, so the app holds an exclusive
 * lock on DATA_DIR for its whole life. proper-lockfile uses an atomic mkdir and refreshes the
 * lock's mtime, so a lock left by a killed process goes stale and is taken over after `staleMs`.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
  staleMs = 10_000,
): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'fitbench.lock'),
      stale: staleMs,
      update: Math.max(1000, Math.floor(staleMs / 2)),
      retries: 0,
      realpath: false,
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `The data folder ${path.resolve(dataDir)} is already in use by another FitBench process. ` +
          'Stop that process or choose another DATA_DIR. (A lock left by a crashed process ' +
          `expires after ${Math.round(staleMs / 1000)} s.)`,
      );
    }
    throw err;
  }
}
