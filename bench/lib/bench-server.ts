// The bench's processes: servers started as `npm start` starts them (their log in a file, as a
// service manager collects it), restarts timed, the floor's bare Fastify, CPU and RSS read from
// /proc, and a route's rounds combined into one figure. Used by bench/routes.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

// BENCH_SERVER: another build's entry (a copy of dist/server made from an older commit), for a
// before/after in one sitting; it is used as it is, not rebuilt.
// Without it, what npm start runs: scripts/start.mjs (a build check, then dist/server).
export const SERVER_ENTRY = process.env.BENCH_SERVER ?? 'scripts/start.mjs';
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
let nextPort = 7200 + Math.floor(Math.random() * 50);

export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
export const seconds = (ms: number) => (ms / 1000).toFixed(2);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered, and the run's wall time (ms): with `amount`, rps is total / ms. */
  total?: number;
  ms?: number;
}

export function run(options: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'bench/lib/load.mjs'), JSON.stringify(options)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch {
        reject(new Error(`load.mjs exited with ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}

export async function waitUp(port: number, started: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
        return performance.now() - started;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 120_000) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks
}

/** The machine's busy and total CPU time so far (all cores, clock ticks). */
export function machineTicks(): { busy: number; total: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3]! - (fields[4] ?? 0), total }; // less idle and iowait
}

// A machine shared with other work never falls quiet: the wait ends here (BENCH_SETTLE_SECONDS).
export const SETTLE_MAX_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60) * 1000;

/**
 * Waits until the process uses under 5% of a core, and the whole machine under 10% of its CPU,
 * over half a second (at most SETTLE_MAX_MS); returns how long it took. The machine, not only the server:
 * with PostgreSQL a background fill's work runs in the database's processes.
 */
export async function settle(pid: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const before = cpuMs(pid);
    const m0 = machineTicks();
    await new Promise((r) => setTimeout(r, 500));
    const m1 = machineTicks();
    const machineBusy = (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total);
    if ((cpuMs(pid) - before < 25 && machineBusy < 0.1) || performance.now() - t0 > SETTLE_MAX_MS)
      return performance.now() - t0;
  }
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  startMs: number;
  /** The file its stdout (the log) goes to. */
  logFile: string;
  stop: () => Promise<void>;
}

export const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-logs-'));
let logCount = 0;

/** The environment a server gets: the shipped defaults, plus what the bench needs over plain HTTP. */
export function serverEnvironment(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    // Saves per member per hour: far above what the load sends.
    SAVE_MAX: '100000000',
    DATABASE_URL: '',
    ...env,
  };
  // The defaults as shipped: no level unless BENCH_LOG_LEVEL asks for one.
  delete out.LOG_LEVEL;
  delete out.LOG_REQUESTS;
  if (process.env.BENCH_LOG_LEVEL) out.LOG_LEVEL = LOG_LEVEL;
  return out;
}

/** `tree`: another checkout (bench/lib/baseline-tree.ts) whose own scripts/start.mjs runs, there. */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  tree?: string,
): Promise<Server> {
  const port = nextPort++;
  const logFile = path.join(logDir, `server-${++logCount}.log`);
  const log = fs.openSync(logFile, 'a');
  const started = performance.now();
  const entry = tree ? path.join(tree, 'scripts/start.mjs') : SERVER_ENTRY;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: tree ?? root,
    env: serverEnvironment(port, env),
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  const startMs = await waitUp(port, started, child);
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    startMs,
    logFile,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** `npm start` itself (npm, its shell, then scripts/start.mjs) to the first answer, stopped at once. */
export async function timeNpmStart(env: Record<string, string>): Promise<number> {
  const port = nextPort++;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: serverEnvironment(port, env),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    return await waitUp(port, started, child);
  } finally {
    // npm, its shell and the server: the whole group this spawn made.
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

export const STARTS = Number(process.env.BENCH_STARTS ?? 5);

/**
 * Restarts on the existing data, once the machine is quiet: `npm start` and `node scripts/start.mjs`
 * (what it runs) in turns, STARTS of each, so that both meet the same machine. One start is one
 * sample of a machine whose speed drifts within a minute (1.21 s and 1.64 s an hour apart for the
 * same build), so the figure is the median.
 */
export async function timeRestarts(env: Record<string, string>): Promise<void> {
  await settle(process.pid);
  const npm: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    npm.push(await timeNpmStart(env));
    const server = await startServer(env);
    node.push(server.startMs);
    await server.stop();
  }
  const runs = (xs: number[]) => xs.map(seconds).join(', ');
  console.log(
    `  restarts on the existing data, machine quiet, ${STARTS} of each in turns (load average ${load()}):`,
  );
  console.log(
    `    npm start (npm, then scripts/start.mjs): median ${seconds(median(npm))} s to the first answer (${runs(npm)})`,
  );
  console.log(
    `    node scripts/start.mjs:                   median ${seconds(median(node))} s (${runs(node)})`,
  );
}

/** Lines and bytes a server's log got. */
export function logSize(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').filter(Boolean).length;
  return `${lines} lines, ${(text.length / 1024).toFixed(0)} KB`;
}

/**
 * The first start on a new data folder (or an empty database): to the first answer, RSS then
 * and once the process is quiet. The bench then seeds that folder.
 */
export async function firstStart(serverEnv: Record<string, string>) {
  const server = await startServer(serverEnv);
  try {
    const first = rssMb(server.child.pid!);
    await settle(server.child.pid!);
    const quiet = rssMb(server.child.pid!);
    console.log(
      `  first start on a new ${serverEnv.DATABASE_URL ? 'database' : 'data folder'}: ${seconds(server.startMs)} s to the first answer, RSS ${first.toFixed(0)} MB then, ${quiet.toFixed(0)} MB once quiet`,
    );
  } finally {
    await server.stop();
  }
}

/** Rounds of a route, each after as long on the floor (bench/routes.ts, measure in benchTarget). */
export const ROUNDS = 3;
export const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / 2));

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A route's rounds as one figure: mean req/s, median p50, the worst p99, every failure. */
export function combined(rounds: LoadResult[]): LoadResult {
  return {
    rps: rounds.reduce((a, r) => a + r.rps, 0) / rounds.length,
    p50: median(rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((a, r) => a + r.non2xx, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
  };
}

/** The floor's server, left running to be loaded in turns with the routes. */
export async function startFloor(): Promise<{ url: string; stop: () => void }> {
  const port = nextPort++;
  const child = spawn(process.execPath, ['bench/lib/floor.mjs', String(port)], {
    cwd: root,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await run({ url, seconds: 1 });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** The floor: a bare Fastify hello route in its own process, loaded as the routes are. */
export async function measureFloor(): Promise<LoadResult> {
  const floor = await startFloor();
  try {
    return await run({ url: floor.url, seconds: SECONDS });
  } finally {
    floor.stop();
  }
}
