import path from 'node:path';
import { openPostgres, type Database } from '../db/client';
import { env } from '../env';
import type { DataDirLockedError } from '../lib/data-dir-lock';
import { listModerators, setModerator } from '../routes/moderation';
import { runCommand, withDataDir } from './command';

// `npm run moderator -- grant USERNAME | revoke USERNAME | list` (docs/decisions/0153-moderator-cli.md).
// With DATABASE_URL it writes to PostgreSQL directly, while servers run: they hear of the change at
// once (a member's row update is announced to every instance). On PGlite the server holds DATA_DIR
// (one process may open it), so the command refuses while it runs, saying how: stop the server,
// run the command, start it again (reliability/moderator-cli.test.ts runs both ways).
const USAGE =
  'Usage: npm run moderator -- grant USERNAME | revoke USERNAME | list   (DATABASE_URL, or DATA_DIR: default ./data)';

/**
 * Why nothing was done while a server holds DATA_DIR, and how to do it there: the embedded database
 * opens in one process only, so the server is stopped for the command (docs/decisions/0153-moderator-cli.md).
 */
function lockedMessage(err: DataDirLockedError, args: string): string {
  const dir = path.resolve(env.DATA_DIR);
  const who = err.owner
    ? `FitBench server (process ${err.owner.pid} on ${err.owner.host}, since ${err.owner.startedAt})`
    : 'FitBench server';
  return [
    `Nothing was changed: a ${who} has the embedded database in ${dir} open, and only one process at a time may open it.`,
    `For a server on the embedded database: stop the server, run \`npm run moderator -- ${args}\` again, then start the server (the role holds from that start).`,
    'On PostgreSQL (DATABASE_URL set) the command works while the servers run, and the role holds at once.',
    `If no FitBench process uses ${dir}, delete ${err.lockFile ?? path.join(dir, 'fitbench.lock')} and try again.`,
  ].join('\n');
}

async function run(
  database: Database,
  command: string,
  username: string | undefined,
): Promise<number> {
  if (command === 'list') {
    const names = await listModerators(database.db);
    console.log(names.length ? names.join('\n') : 'No moderators yet.');
    return 0;
  }
  const said = await setModerator(database.db, username!, command === 'grant');
  if (!said) {
    console.error(`No member is named ${username}.`);
    return 1;
  }
  console.log(said);
  return 0;
}

async function main(): Promise<number> {
  const [command, username, ...rest] = process.argv.slice(2);
  const known = (command === 'grant' || command === 'revoke') && username && rest.length === 0;
  if (!known && !(command === 'list' && !username)) {
    console.error(USAGE);
    return 2;
  }
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL, { max: 1 });
    try {
      return await run(database, command!, username);
    } finally {
      await database.close();
    }
  }
  return withDataDir(
    (err) => lockedMessage(err, [command, username].filter(Boolean).join(' ')),
    (database) => run(database, command!, username),
  );
}

runCommand(main);
