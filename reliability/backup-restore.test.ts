import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allWorkoutIds, login, register, sleep, type Member } from './helpers/api';
import { runLoad } from './helpers/load';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// `npm run backup` while the app serves saves, `npm run restore` into a new folder, the app
// started there has every workout acknowledged before the backup began.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-backup-'));
const live = path.join(root, 'live');
const restored = path.join(root, 'restored');
const file = path.join(root, 'fitbench.tar.gz');
let server: Server | undefined;
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const cli = (script: 'backup' | 'restore', dataDir: string, arg: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, arg], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('backup and restore of the embedded database', () => {
  it('backs up under load, restores into a new folder, and the app there has every acknowledged save', async () => {
    fs.mkdirSync(live);
    server = await startServer({ DATA_DIR: live });
    await waitReady(server);
    const members: Member[] = [];
    for (let i = 0; i < 3; i++) members.push(await register(server.base, `backup${i}`));
    const s = server;
    const load = runLoad(() => s.base, members, 6);
    for (let t0 = Date.now(); load.acked.size < 30 && Date.now() - t0 < 60_000;) await sleep(100);
    const before = new Map(load.acked);
    const backup = cli('backup', live, file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/running server/);
    await sleep(500);
    await load.stop();
    expect(load.samples.filter((x) => x.status !== 200 && x.status !== 201)).toEqual([]);
    await stopServer(server);

    // A folder that holds data is refused, and left as it was.
    const refused = cli('restore', live, file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/not empty/);

    const restore = cli('restore', restored, file);
    expect(restore.status, restore.stderr).toBe(0);
    server = await startServer({ DATA_DIR: restored });
    await waitReady(server);
    let found = 0;
    for (const m of members) {
      const again = await login(server.base, m);
      const ids = new Set(await allWorkoutIds(server.base, again));
      const mine = [...before.values()].filter((a) => a.member === m).map((a) => a.id);
      expect(mine.filter((id) => !ids.has(id))).toEqual([]);
      found += ids.size;
    }
    console.log(
      `backup: ${before.size} saves acknowledged before the backup, all restored (${found} in the copy, ${fs.statSync(file).size} bytes)`,
    );
    expect(before.size).toBeGreaterThanOrEqual(30);
    await stopServer(server);
  });

  it('backs up a folder no server is running on, and refuses without a file name', async () => {
    const offline = path.join(root, 'offline.tar.gz');
    const r = cli('backup', restored, offline);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no server was running/);
    expect(fs.statSync(offline).size).toBeGreaterThan(1000);
    expect(
      spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/backup.ts'], {
        encoding: 'utf8',
      }).status,
    ).toBe(2);
  });
});
