import path from 'node:path';
import { requestBackup, writeBackup } from '../db/backup';
import { env } from '../env';
import { runCommand, withDataDir } from './command';

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
  let bytes = 0;
  const code = await withDataDir(
    'The server holding it did not answer on its backup socket; try again.',
    async (database) => {
      ({ bytes } = await writeBackup(database.pglite, file));
      return 0;
    },
  );
  // Said once the database is closed, as the copy is then complete.
  if (code === 0)
    console.error(`Backup written to ${file} (${bytes} bytes; no server was running).`);
  return code;
}

runCommand(main);
