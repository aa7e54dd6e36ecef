import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register, sleep, type Member } from './helpers/api';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// `npm run moderator` beside a real server process (docs/decisions/0153-moderator-cli.md). On the
// embedded database the running server holds DATA_DIR: the command refuses, says how to do it,
// and changes nothing; with the server stopped it works, and the next start has the role. On
// PostgreSQL it works while the server runs, for a session already signed in.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-moderator-'));
let server: Server | undefined;
let database: FreshDatabase | undefined;
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

const moderator = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/moderator.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

/** What the command printed on stdout, line by line (a database notice may come first). */
const said = (r: { stdout: string }) =>
  r.stdout
    .trim()
    .split('\n')
    .map((l) => l.trim());

/** The moderation queue's status for the member: 200 for a moderator, 403 for a member. */
const queue = async (s: Server, m: Member) =>
  (await fetch(`${s.base}/api/moderation/queue`, { headers: { cookie: m.cookie } })).status;
async function isModerator(s: Server, m: Member): Promise<boolean> {
  const res = await fetch(`${s.base}/api/user`, { headers: { cookie: m.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { isModerator: boolean }).isModerator;
}
/** The queue's status once it is `want`, or the last one seen after 5 s. */
async function queueBecomes(s: Server, m: Member, want: number): Promise<number> {
  let status = 0;
  for (const t0 = Date.now(); Date.now() - t0 < 5_000; await sleep(50)) {
    status = await queue(s, m);
    if (status === want) break;
  }
  return status;
}

describe('npm run moderator', () => {
  // Two starts of a fresh embedded database and a few CLI runs: minutes on a loaded machine.
  it(
    'on the embedded database: refused while the server runs, saying how; done once it is stopped',
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const env = { DATA_DIR: dataDir };
      server = await startServer(env);
      await waitReady(server);
      const ann = await register(server.base, 'ann_mod');
      const pid = server.child.pid!;
      for (const args of [['grant', 'ann_mod'], ['revoke', 'ann_mod'], ['list']]) {
        const refused = moderator(env, ...args);
        expect(refused.status, refused.stderr).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toContain(
          `Nothing was changed: a FitBench server (process ${pid} on ${os.hostname()}, since `,
        );
        expect(refused.stderr).toContain(
          `has the embedded database in ${path.resolve(dataDir)} open`,
        );
        expect(refused.stderr).toContain(
          `stop the server, run \`npm run moderator -- ${args.join(' ')}\` again, then start the server`,
        );
        expect(refused.stderr).toContain(
          'On PostgreSQL (DATABASE_URL set) the command works while the servers run',
        );
      }
      // Nothing changed: the server still holds its folder, serves, and ann is a member.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'fitbench.lock'), 'utf8')).pid).toBe(
        pid,
      );
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
      expect(await isModerator(server, ann)).toBe(false);
      expect(await queue(server, ann)).toBe(403);

      expect(await stopServer(server)).toBe(0);
      const granted = moderator(env, 'grant', 'ANN_MOD');
      expect(granted.status, granted.stderr).toBe(0);
      expect(said(granted)).toContain('ann_mod is now a moderator.');
      const listed = moderator(env, 'list');
      expect(listed.status, listed.stderr).toBe(0);
      expect(said(listed)).toContain('ann_mod');
      // The command released the folder: the server starts on it, and ann's session is a moderator's.
      expect(fs.existsSync(path.join(dataDir, 'fitbench.lock'))).toBe(false);
      server = await startServer(env);
      await waitReady(server);
      expect(await isModerator(server, ann)).toBe(true);
      expect(await queue(server, ann)).toBe(200);
      expect(await stopServer(server)).toBe(0);

      const revoked = moderator(env, 'revoke', 'ann_mod');
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(said(revoked)).toContain('ann_mod is no longer a moderator.');
      expect(said(moderator(env, 'list'))).toContain('No moderators yet.');
    },
  );

  it(
    'on PostgreSQL: grant, list and revoke while the server runs, holding for a session already signed in',
    { timeout: 300_000 },
    async () => {
      database = await freshDatabase('moderator_cli');
      server = await startServer({ DATABASE_URL: database.url });
      await waitReady(server);
      const bob = await register(server.base, 'bob_mod');
      expect(await queue(server, bob)).toBe(403);
      // DATA_DIR is not touched when DATABASE_URL is set.
      const unused = path.join(root, 'never-made');
      const env = { DATABASE_URL: database.url, DATA_DIR: unused };
      expect(said(moderator(env, 'list'))).toContain('No moderators yet.');

      const granted = moderator(env, 'grant', 'BOB_MOD');
      expect(granted.status, granted.stderr).toBe(0);
      expect(said(granted)).toContain('bob_mod is now a moderator.');
      expect(said(moderator(env, 'grant', 'bob_mod'))).toContain('bob_mod is already a moderator.');
      expect(said(moderator(env, 'list'))).toContain('bob_mod');
      // The running server heard of it: bob's cookie, signed in before, now opens the queue.
      expect(await queueBecomes(server, bob, 200)).toBe(200);
      expect(await isModerator(server, bob)).toBe(true);

      const revoked = moderator(env, 'revoke', 'bob_mod');
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(said(revoked)).toContain('bob_mod is no longer a moderator.');
      expect(await queueBecomes(server, bob, 403)).toBe(403);
      expect(said(moderator(env, 'revoke', 'bob_mod'))).toContain('bob_mod was not a moderator.');
      expect(said(moderator(env, 'list'))).toContain('No moderators yet.');

      // An unknown name and a wrong call change nothing and say so.
      const nobody = moderator(env, 'grant', 'nobody_here');
      expect(nobody.status).toBe(1);
      expect(nobody.stderr).toContain('No member is named nobody_here.');
      for (const args of [
        [],
        ['grant'],
        ['list', 'bob_mod'],
        ['promote', 'bob_mod'],
        ['grant', 'a', 'b'],
      ]) {
        const wrong = moderator(env, ...args);
        expect(wrong.status, args.join(' ')).toBe(2);
        expect(wrong.stderr).toMatch(
          /^Usage: npm run moderator -- grant USERNAME \| revoke USERNAME \| list/,
        );
      }
      expect(fs.existsSync(unused)).toBe(false);
      expect(await stopServer(server)).toBe(0);
    },
  );
});
