// What the browser benches share: the compiled app started on a scratch data folder, a few seeded
// members (so boards and a public profile have rows), and Chromium's path and flags.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

export interface WebBenchContext {
  baseUrl: string;
  /** A seeded member with workouts, whose public profile the benches open. */
  profileUser: string;
}

const root = path.resolve(import.meta.dirname, '../..');
export const PASSWORD = 'Pushup-Power-42';

/** Registers a member on `request` (its cookie jar is then signed in) and returns the username. */
export async function signUp(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  if (res.status() !== 201)
    throw new Error(`register ${username}: ${res.status()} ${await res.text()}`);
  return username;
}

async function post(baseUrl: string, url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function seed(baseUrl: string): Promise<string> {
  let first = '';
  for (let i = 0; i < 8; i++) {
    const username = `athlete${i}`;
    const res = await post(
      baseUrl,
      '/api/register',
      { username, email: `${username}@example.com`, password: PASSWORD },
      {},
    );
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const pushups of [20 + i * 7, 15 + i * 5]) {
      await post(
        baseUrl,
        '/api/workouts',
        { pushups },
        { cookie, 'idempotency-key': randomUUID() },
      );
    }
    first ||= username;
  }
  return first;
}

// Both new challenges open, so their homes are measured as a member lands on them (every other
// page then shows three open challenges, the heavier case).
const BENCH_CHALLENGES = 'pushup-90,burpees-or-bust,plank-drop';

/** Builds what is stale, starts the compiled server, seeds it, runs `fn`, then stops it. */
export async function withApp<T>(
  port: number,
  fn: (ctx: WebBenchContext) => Promise<T>,
  options: { seed?: boolean } = {},
): Promise<T> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-web-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      CHALLENGES: BENCH_CHALLENGES,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const t0 = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() - t0 > 180_000) throw new Error('server did not start in 180 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const profileUser = options.seed === false ? '' : await seed(baseUrl);
    return await fn({ baseUrl, profileUser });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
