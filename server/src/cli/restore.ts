import fs from 'node:fs';
import path from 'node:path';
import { restoreBackup, RestoreRefusedError } from '../db/backup';
import { env } from '../env';
import { runCommand } from './command';

// `npm run restore -- FILE`: restores a backup made by `npm run backup` into DATA_DIR, which
// must be missing or empty. Then start the server on it as usual.
async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: DATA_DIR=/new/folder npm run restore -- FILE');
    return 2;
  }
  if (!fs.existsSync(arg)) {
    console.error(`${arg} does not exist.`);
    return 2;
  }
  try {
    await restoreBackup(path.resolve(arg), path.resolve(env.DATA_DIR));
  } catch (err) {
    if (err instanceof RestoreRefusedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  console.error(
    `Restored ${arg} into ${env.DATA_DIR}. Start the server with DATA_DIR=${env.DATA_DIR}.`,
  );
  return 0;
}

runCommand(main);
