import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './pg-cluster';

// One real FitBench server process (the compiled dist/server/index.js, as `npm start` runs it)
// for the reliability proofs.

/** Limits other parts of the app enforce, raised so load from one address is not throttled. */
export const GENEROUS_LIMITS = {
  LOGIN_MAX_FAILURES: '100000',
  REGISTER_MAX: '100000',
  SAVE_MAX: '1000000',
  LOGIN_MAX_PER_ADDRESS: '100000',
  RATE_LIMIT_MAX: '1000000',
};

export interface Server {
  port: number;
  base: string;
  child: ChildProcess;
  /** Everything it printed (for failure messages). */
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

let built = false;
/** Rebuilds the server bundle when its sources are newer (scripts/build.mjs), once per run. */
function ensureBuilt() {
  if (built) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--only=server'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('server build failed');
  built = true;
}

export async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  ensureBuilt();
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      CLIENT_DIR: '/nonexistent',
      NODE_ENV: 'test',
      ...GENEROUS_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    port: p,
    base: `http://127.0.0.1:${p}`,
    child,
    output: () => out,
    exited,
    kill: (s) => void child.kill(s),
  };
}

/** Waits until GET /api/ready answers 200. */
export async function waitReady(server: Server, timeoutMs = 60_000) {
  const t0 = Date.now();
  let exitCode: number | null | undefined;
  void server.exited.then((c) => (exitCode = c));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before ready:\n${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - t0 > timeoutMs)
      throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    return server.child.exitCode;
  server.kill(signal);
  return server.exited;
}
