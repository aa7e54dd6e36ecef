import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from './helpers/api';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// SIGTERM with 20 slow requests in flight: all complete, new connections are refused, exit 0
// within 10 s. The slow route exists only with TEST_SLOW_ROUTE=true (server/src/routes/test-support).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-graceful-'));
let server: Server | undefined;
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe('graceful stop', () => {
  it('lets 20 in-flight slow requests finish, refuses new connections, exits 0 within 10 s', async () => {
    server = await startServer({ DATA_DIR: dataDir, TEST_SLOW_ROUTE: 'true' });
    await waitReady(server);
    const s = server;
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${s.base}/api/test/slow?ms=3000`).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    await sleep(1_000);
    const signalled = Date.now();
    s.kill('SIGTERM');
    await sleep(500);
    expect(await connects(s.port)).toBe(false);
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.sleptMs === 3000)).toBe(true);
    expect(await s.exited).toBe(0);
    const took = Date.now() - signalled;
    console.log(`graceful stop: 20 in-flight requests completed, exit 0 after ${took} ms`);
    expect(took).toBeLessThan(10_000);
  });

  it('with SHUTDOWN_DELAY_SECONDS, readiness answers 503 while the port stays open, then it closes', async () => {
    server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: '2' });
    await waitReady(server);
    const s = server;
    s.kill('SIGTERM');
    await sleep(300);
    const ready = await fetch(`${s.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', message: 'shutting down' });
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
