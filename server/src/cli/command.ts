import path from 'node:path';
import { openPglite } from '../db/client';
import { env } from '../env';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

// What the commands of this folder share (npm run backup, restore, moderator).

/** Runs a command's main and exits with the code it returns; a throw is printed and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * Runs `work` on the embedded database in DATA_DIR, opened under the folder's lock (one process at
 * a time) and closed after. While a server holds the folder: the lock's message, then `whenLocked`
 * (or, a function, the whole message it makes of the lock's error), and exit code 1.
 */
export async function withDataDir(
  whenLocked: string | ((err: DataDirLockedError) => string),
  work: (database: Awaited<ReturnType<typeof openPglite>>) => Promise<number>,
): Promise<number> {
  let release: () => void;
  try {
    release = lockDataDir(env.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(
        typeof whenLocked === 'string' ? `${err.message}\n${whenLocked}` : whenLocked(err),
      );
      return 1;
    }
    throw err;
  }
  try {
    const database = await openPglite({ dataDir: path.join(env.DATA_DIR, 'pgdata') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
