import path from 'node:path';
import { openPglite } from '../db/client';
import { requestBackup, writeBackup } from '../db/backup';
import { env } from '../env';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

// `npm run backup -- FILE`: a consistent backup of the embedded database in DATA_DIR, whether
// the server is running (it writes the copy itself, through its own connection) or not.
async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: npm run backup -- FILE   (DATA_DIR says which database; default ./data)');
    return 2;
  }
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/deploy.md).');
    return 2;
  }
  const file = path.resolve(arg);
  try {
    const answer = await requestBackup(env.DATA_DIR, file);
    if (!answer.ok) {
      console.error(`The server could not write the backup: ${answer.message}`);
      return 1;
    }
    console.error(`Backup of the running server written to ${file} (${answer.bytes} bytes).`);
    return 0;
  } catch {
    // No server answers on DATA_DIR: open the folder ourselves (the lock refuses if one runs).
  }
  let release: () => void;
  try {
    release = lockDataDir(env.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nThe server holding it did not answer on its backup socket; try again.`);
      return 1;
    }
    throw err;
  }
  try {
    const database = await openPglite({ dataDir: path.join(env.DATA_DIR, 'pgdata') });
    const { bytes } = await writeBackup(database.pglite, file);
    await database.close();
    console.error(`Backup written to ${file} (${bytes} bytes; no server was running).`);
    return 0;
  } finally {
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
