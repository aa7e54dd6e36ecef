import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real server process: start, persist, graceful stop on SIGTERM, restart on the same folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-life-'));
const port = 5400 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// The compiled server, as npm start runs it (rebuilt here when its sources changed).
beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--only=server'], { stdio: 'inherit' });
  expect(built.status).toBe(0);
}, 60_000);

function start(): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: '', CLIENT_DIR: '/nonexistent' },
    stdio: 'ignore',
  });
}

async function waitUp() {
  const t0 = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - t0 > 45_000) throw new Error('server did not come up');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

describe('server lifecycle', () => {
  it('finishes in-flight work on SIGTERM, exits 0, and keeps the data for the next start', async () => {
    const first = start();
    await waitUp();
    const body = { username: 'lifecycle', email: 'life@example.com', password: 'tr1cky-Pushups' };
    const reg = await fetch(`${base}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(reg.status).toBe(201);
    // A request in flight when the signal arrives still gets its answer.
    const inFlight = fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lifecycle', password: body.password }) });
    await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exitOf(first)).toBe(0);

    const second = start();
    await waitUp();
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'LIFECYCLE', password: body.password }) });
    expect(login.status).toBe(200);

    // Killed outright: the next start takes over the dead process's lock at once, data intact.
    second.kill('SIGKILL');
    await exitOf(second);
    const third = start();
    await waitUp();
    const again = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lifecycle', password: body.password }) });
    expect(again.status).toBe(200);
    third.kill('SIGTERM');
    expect(await exitOf(third)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'fitbench.lock'))).toBe(false);
  }, 180_000);
});
