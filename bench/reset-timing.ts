// `npx tsx bench/reset-timing.ts`: can the time of `POST /api/password-reset` tell an address
// with an account from one without? The server runs in its own process (tsx, PGlite in a
// temporary folder; BENCH_DATABASE_URL for PostgreSQL), with the reset limits raised so every
// request reaches the work. SAMPLES requests of each kind (default 200), in a shuffled order, one
// at a time over one keep-alive connection, GAP_MS apart (default 10; 0 sends back to back).
// Prints each kind's median and p90 and the AUC: the chance that a request for an account is
// slower than one for no account (0.5: indistinguishable; docs/security.md). Each answer is
// followed at once by a probe (GET /api/health), timed too: the account's work runs after the
// answer in the same process, and a request right behind it may wait for it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const GAP_MS = Number(process.env.GAP_MS ?? 10);
const WARMUP = 30;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(base: string, url: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      `${base}${url}`,
      body === undefined
        ? { method: 'GET', agent }
        : {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
              origin: base,
            },
          },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function startServer() {
  const port = 7800 + Math.floor(Math.random() * 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-reset-timing-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      PASSWORD_RESET_MAX: '1000000',
      PASSWORD_RESET_EMAIL_MAX: '1000000',
      REGISTER_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** P(a > b) + P(a = b) / 2 over every pair: the area under the ROC curve of "slower means account". */
function auc(a: number[], b: number[]) {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

async function main() {
  const server = await startServer();
  try {
    const tag = Date.now().toString(36);
    const accounts: string[] = [];
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const email = `rt${tag}${i}@example.com`;
      const res = await post(server.base, '/api/register', {
        username: `rt${tag}${i}`,
        email,
        password: 'timing-bench-pass-1',
      });
      if (res.status !== 201) throw new Error(`register answered ${res.status}`);
      accounts.push(email);
    }
    // Each address is asked for once: with and without an account, the same per-address counting.
    const plan = [
      ...accounts.map((email) => ({ kind: 'account' as const, email })),
      ...accounts.map((_, i) => ({ kind: 'none' as const, email: `nobody${tag}${i}@example.com` })),
    ];
    for (let i = plan.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [plan[i], plan[j]] = [plan[j]!, plan[i]!];
    }
    const times = { account: [] as number[], none: [] as number[] };
    const probes = { account: [] as number[], none: [] as number[] };
    let seen = { account: 0, none: 0 };
    for (const { kind, email } of plan) {
      const res = await post(server.base, '/api/password-reset', { email });
      if (res.status !== 202) throw new Error(`reset answered ${res.status}`);
      const probe = await post(server.base, '/api/health');
      seen = { ...seen, [kind]: seen[kind] + 1 };
      if (seen[kind] > WARMUP) {
        times[kind].push(res.ms);
        probes[kind].push(probe.ms);
      }
      if (GAP_MS > 0) await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const line = (k: 'account' | 'none', of = times) =>
      `${k.padEnd(8)} n=${of[k].length} median ${quantile(of[k], 0.5).toFixed(2)} ms, p90 ${quantile(of[k], 0.9).toFixed(2)} ms`;
    console.log(
      `POST /api/password-reset on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, gap ${GAP_MS} ms, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(line('account'));
    console.log(line('none'));
    console.log(`AUC (account slower) ${auc(times.account, times.none).toFixed(3)}`);
    console.log('the probe right after each answer:');
    console.log(line('account', probes));
    console.log(line('none', probes));
    console.log(`AUC (account slower) ${auc(probes.account, probes.none).toFixed(3)}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
