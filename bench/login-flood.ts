// `npm run bench:login-flood` (also a section of `npm run bench`): GET /api/health latency while
// 200 concurrent wrong-password logins run, beside the same probe without the flood, in one run.
// The server runs in its own process (tsx, PGlite in a temporary folder), the flood in another
// (bench/lib/login-flood-load.mjs); this process only probes /api/health, one request at a time.
// Two floods: with the login throttles as configured by default (most guesses are refused with
// 429 before any hash), and with them raised so every guess reaches Argon2 (then the Argon2 queue
// answers 503 beyond its length). Target: health p99 under 100 ms (docs/decisions/0032-argon2-queue.md).
// BENCH_FLOOD_SECONDS sets each phase's length (default 6).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 6);
const CONNECTIONS = 200;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = 7300 + Math.floor(Math.random() * 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-flood-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function healthOnce(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - t0)
          : reject(new Error(`health ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

/** Probes /api/health one request at a time, every 10 ms, until `until` resolves. */
async function probe(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const times: number[] = [];
  while (!done) {
    times.push(await healthOnce(base));
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
};

function flood(
  base: string,
): Promise<{ requests: number; statuses: Record<string, number>; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'bench/lib/login-flood-load.mjs'),
        JSON.stringify({ url: `${base}/api/login`, connections: CONNECTIONS, seconds: SECONDS }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`login-flood-load.mjs exited with ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function run() {
  console.log(
    `\n== login flood: GET /api/health while ${CONNECTIONS} concurrent wrong-password logins run (${SECONDS} s each; load ${load()})`,
  );
  const phases: { name: string; env: Record<string, string> }[] = [
    { name: 'throttles as by default', env: {} },
    {
      name: 'throttles raised: every guess is hashed',
      env: { LOGIN_MAX_FAILURES: '1000000000', LOGIN_IP_MAX_FAILURES: '1000000000' },
    },
  ];
  for (const phase of phases) {
    const server = await startServer(phase.env);
    try {
      // Warm up (JIT, the dummy hash), then the baseline in the same run.
      await probe(server.base, new Promise((r) => setTimeout(r, 500)));
      const baseline = summary(
        await probe(server.base, new Promise((r) => setTimeout(r, SECONDS * 1000))),
      );
      const flooding = flood(server.base);
      const during = summary(await probe(server.base, flooding));
      const result = await flooding;
      const counted = ['401', '429', '503']
        .map((c) => `${c}: ${result.statuses[c] ?? 0}`)
        .join(', ');
      const other = Object.entries(result.statuses).filter(
        ([c]) => !['401', '429', '503'].includes(c),
      );
      console.log(`-- ${phase.name} (load ${load()})`);
      console.log(
        `   health without flood: p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}, max ${ms(baseline.max)} (${baseline.n} probes)`,
      );
      console.log(
        `   health during flood:  p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)} (${during.n} probes); ` +
          `p99 ${(during.p99 / baseline.p99).toFixed(1)}x the baseline; target p99 < 100 ms: ${during.p99 < 100 ? 'met' : 'NOT met'}`,
      );
      console.log(
        `   logins: ${result.requests} answered (${counted}${other.length ? `, other: ${other.map(([c, n]) => `${c}: ${n}`).join(', ')}` : ''}), ${result.errors} errors/timeouts`,
      );
    } finally {
      await server.stop();
    }
  }
  agent.destroy();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
