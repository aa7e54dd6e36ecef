import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sleep } from './helpers/api';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// SIGTERM with 20 slow requests in flight: all complete, new connections are refused, exit 0
// (before the stop's own deadline, which would exit 1). The slow route exists only with
// TEST_SLOW_ROUTE=true (server/src/routes/test-support). Each test (and a retry of it) starts on
// a data folder of its own, and a server a failed test left running is killed and waited for, so
// no test opens a folder another process still holds.
let dataDir = '';
let server: Server | undefined;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-graceful-'));
});
afterEach(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  server = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** Polls until `check` holds (the test's own timeout bounds the wait). */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await sleep(20);
}

describe('graceful stop', () => {
  it('lets 20 in-flight slow requests finish, refuses new connections, exits 0', async () => {
    server = await startServer({ DATA_DIR: dataDir, TEST_SLOW_ROUTE: 'true' });
    await waitReady(server);
    const s = server;
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${s.base}/api/test/slow?ms=3000`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    );
    // All twenty are being answered before the stop is signalled.
    await until(
      async () => (await (await fetch(`${s.base}/api/test/slow/in-flight`)).json()).inFlight === 20,
    );
    const signalled = Date.now();
    s.kill('SIGTERM');
    await until(async () => !(await connects(s.port)));
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.sleptMs === 3000)).toBe(true);
    expect(await s.exited).toBe(0);
    console.log(
      `graceful stop: 20 in-flight requests completed, exit 0 after ${Date.now() - signalled} ms`,
    );
  });

  it('with SHUTDOWN_DELAY_SECONDS, readiness answers 503 while the port stays open, then it closes', async () => {
    // A delay long enough that a slow machine still sees the window (its length is not measured).
    server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: '5' });
    await waitReady(server);
    const s = server;
    s.kill('SIGTERM');
    // Readiness turns 503 once the signal is handled.
    let ready: Response | undefined;
    await until(async () => (ready = await fetch(`${s.base}/api/ready`)).status === 503);
    expect(await ready!.json()).toEqual({ status: 'not ready', message: 'shutting down' });
    // Still serving meanwhile: liveness, and the API for whoever has not noticed yet.
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${s.base}/api/leaderboard/week`)).status).toBe(200);
    expect(await s.exited).toBe(0);
    expect(await connects(s.port)).toBe(false);
  });

  it('without the flag the slow route does not exist', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    await waitReady(server);
    expect((await fetch(`${server.base}/api/test/slow?ms=1`)).status).toBe(404);
    await stopServer(server);
  });
});
