import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A server of the spec's own (the compiled app, as playwright.config.ts's webServer runs it) for
// what the shared one cannot do: a changed client folder (a new version of the service worker) or
// a clock of its own (e2e/support/fake-clock.mjs), or settings of its own (`env`). Served as http://localhost:PORT so its cookies
// stay apart from the shared server's (127.0.0.1).

export interface OwnServer {
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `fitbench-${prefix}-`));

/** A copy of the built client the spec may change. */
export function copyOfClient(): string {
  const dir = tempDir('client');
  fs.cpSync(path.resolve('dist/client'), dir, { recursive: true });
  return dir;
}

export async function startOwnServer(
  opts: {
    clientDir?: string;
    dataDir?: string;
    fakeNow?: Date;
    port?: number;
    env?: Record<string, string>;
    /** How long the server may take to answer /api/health (a loaded machine starts it slowly). */
    startTimeoutMs?: number;
  } = {},
): Promise<OwnServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDir('data');
  const preload = opts.fakeNow ? ['--import', path.resolve('e2e/support/fake-clock.mjs')] : [];
  const child: ChildProcess = spawn(process.execPath, [...preload, 'dist/server/index.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: opts.clientDir ?? path.resolve('dist/client'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      REGISTER_MAX: '100000',
      SAVE_MAX: '100000',
      // Holds fast-forwarded by the browser's clock end long before the server's clock says they could
      // (a new member's 10-minute plank); the rule has its own API tests (timed-score-start.test.ts).
      HOLD_START_SLACK_SECONDS: '86400',
      E2E_FAKE_NOW: opts.fakeNow?.toISOString() ?? '',
      // Settings of the spec's own (e.g. CHALLENGES: the challenges it opens).
      ...opts.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
