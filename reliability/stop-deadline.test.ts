import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../server/src/db/client';
import { newKey, register, save, sleep, type Member } from './helpers/api';
import { runLoad } from './helpers/load';
import { GENEROUS_LIMITS, startServer, stopServer, waitReady, type Server } from './helpers/server';

// A SIGTERM stop always ends the process by its deadline (SHUTDOWN_TIMEOUT_SECONDS), whatever is
// pending: after load, during a period fill, with saves queued, with stdout full and unread,
// with a database transaction that does not end. The DATA_DIR lock is released only once the
// database is closed: a process that exits before that leaves it (the next start takes it over).
const SHUTDOWN_TIMEOUT_SECONDS = 3;
/**
 * The watchdog fires half a second after the deadline; the rest is for the timer and the exit on
 * a loaded machine (measured up to 2.5 s late with the load average at 23 on 2 cores).
 */
const MARGIN_MS = 3_000;
const LIMIT_MS = SHUTDOWN_TIMEOUT_SECONDS * 1000 + MARGIN_MS;
/** Members with a workout each, so a new period's fill runs for a while. */
const SEEDED_USERS = 40_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-stop-'));
const lockFile = path.join(dataDir, 'fitbench.lock');
const env = {
  DATA_DIR: dataDir,
  SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
  TEST_SLOW_ROUTE: 'true',
  // 400 saves at once from this one address.
  MAX_CONNECTIONS_PER_ADDRESS: '1000',
};
let server: Server | undefined;
const members: Member[] = [];

beforeAll(async () => {
  // Seeded straight into the folder before any server runs on it (as bench/routes.ts seeds).
  const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await database.db.execute(sql`
    insert into users (username, email, password_hash, created_at)
    select 'seed_' || g, 'seed_' || g || '@example.com', 'not-a-real-hash', now() - interval '400 days'
    from generate_series(1, ${SEEDED_USERS}::int) g`);
  await database.db.execute(sql`
    insert into workouts (user_id, score, created_at)
    select id, 1 + id % 200, now() - interval '1 hour' from users`);
  await database.close();
  server = await startServer(env);
  await waitReady(server, 180_000);
  for (let i = 0; i < 4; i++) members.push(await register(server.base, `stopper${i}`));
  await stopServer(server);
}, 400_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Watches the lock file while the process lives. `missingWhileAlive`: the lock was seen gone
 * while the process was still running (only allowed in the last moment of a clean stop).
 */
function watchLock(s: Server) {
  let missingSince: number | undefined;
  let alive = true;
  void s.exited.then(() => (alive = false));
  const timer = setInterval(() => {
    if (alive && missingSince === undefined && !fs.existsSync(lockFile)) missingSince = Date.now();
  }, 5);
  return {
    stop: () => clearInterval(timer),
    missingSince: () => missingSince,
  };
}

/** SIGTERM, then the exit code, how long it took, and whether the lock is still there. */
async function terminate(s: Server) {
  const lock = watchLock(s);
  const t0 = Date.now();
  s.kill('SIGTERM');
  const code = await Promise.race([s.exited, sleep(60_000).then(() => 'still running' as const)]);
  const exitedAt = Date.now();
  lock.stop();
  if (code === 'still running') s.kill('SIGKILL');
  const signal = s.child.signalCode;
  const lockLeft = fs.existsSync(lockFile);
  const missing = lock.missingSince();
  console.log(
    `stop: exit ${code}${signal ? ` (${signal})` : ''} after ${exitedAt - t0} ms; lock ${lockLeft ? 'left' : 'released'}` +
      (missing ? ` ${exitedAt - missing} ms before the exit` : ''),
  );
  return {
    code,
    signal,
    tookMs: exitedAt - t0,
    lockLeft,
    lockGoneBeforeExitMs: missing === undefined ? undefined : exitedAt - missing,
  };
}

/** A clean stop released the lock (database closed); any other left it. Either way in time. */
function expectStopInTime(r: Awaited<ReturnType<typeof terminate>>) {
  expect(r.code).not.toBe('still running');
  expect(r.tookMs).toBeLessThan(LIMIT_MS);
  if (r.code === 0) {
    expect(r.lockLeft).toBe(false);
  } else {
    // Exited with the database maybe still open: the lock was never given up.
    expect(r.lockLeft).toBe(true);
    expect(r.lockGoneBeforeExitMs).toBeUndefined();
  }
}

describe('a stop always ends by its deadline', () => {
  it('during a period fill', async () => {
    server = await startServer(env);
    await waitReady(server, 120_000);
    // A zone nobody asked for: its month is registered now and filled in the background.
    const res = await fetch(`${server.base}/api/leaderboard/month?tz=Pacific/Chatham`, {
      headers: { cookie: members[0]!.cookie },
    });
    expect(res.status).toBe(200);
    await sleep(200);
    const r = await terminate(server);
    expectStopInTime(r);
    // It was stopped with that fill unfinished (so the stop did not simply come after it).
    const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
    const { rows } = await database.pglite.query<{ n: number }>(
      'select count(*)::int as n from leaderboard_periods where fill_cursor is not null',
    );
    const row = rows[0];
    await database.close();
    expect(row!.n).toBeGreaterThan(0);
  });

  it('after load, with the load still running', async () => {
    server = await startServer(env);
    await waitReady(server, 120_000);
    const s = server;
    const load = runLoad(() => s.base, members, 8, 0);
    await sleep(3_000);
    const r = await terminate(s);
    await load.stop();
    expect(load.samples.filter((x) => x.status === 200 || x.status === 201).length).toBeGreaterThan(
      0,
    );
    expectStopInTime(r);
  });

  it('with 400 saves queued', async () => {
    server = await startServer(env);
    await waitReady(server, 120_000);
    const s = server;
    let answered = 0;
    const saves = Array.from({ length: 400 }, (_, i) =>
      save(s.base, members[i % members.length]!, newKey(), 1 + (i % 100), 30_000).then(
        (x) => (answered++, x.status),
        () => 0,
      ),
    );
    // Stopped once the server is working through them (the first answers are out), the rest queued.
    for (const t0 = Date.now(); answered === 0 && Date.now() - t0 < 10_000;) await sleep(5);
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(300);
    const r = await terminate(s);
    const statuses = await Promise.all(saves);
    console.log(
      `saves: ${statuses.filter((x) => x === 201).length} saved, ${statuses.filter((x) => x === 503).length} refused (503), ${statuses.filter((x) => x === 0).length} cut`,
    );
    expect(statuses.every((x) => x === 201 || x === 503 || x === 0)).toBe(true);
    expectStopInTime(r);
  });

  it('with a database transaction that does not end: exit 1 at the deadline, the lock left in place', async () => {
    server = await startServer(env);
    await waitReady(server, 120_000);
    const held = await fetch(`${server.base}/api/test/hold-database?ms=120000`);
    expect(held.status).toBe(202);
    const r = await terminate(server);
    expect(r.code).toBe(1);
    expectStopInTime(r);
    // The next start takes over the lock of the process that is gone, with its data.
    server = await startServer(env);
    await waitReady(server, 120_000);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(server.child.pid);
    expect(
      (await fetch(`${server.base}/api/user`, { headers: { cookie: members[0]!.cookie } })).status,
    ).toBe(200);
    expectStopInTime(await terminate(server));
  });

  it('with its stdout a pipe nobody reads, full of logs', async () => {
    const child = spawn(process.execPath, ['dist/server/index.js'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: '',
        CLIENT_DIR: '/nonexistent',
        NODE_ENV: 'test',
        ...GENEROUS_LIMITS,
        ...env,
        // A line a request (by default only failed and slow ones get one: docs/decisions/0130-access-log.md).
        LOG_LEVEL: 'info',
        LOG_REQUESTS: 'all',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Never read: once the pipe and this side's buffer are full, every write of the server's waits.
    child.stdout!.pause();
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // The port is only in the log, which is not read: find it from the process's listening socket.
    const port = await listeningPort(child.pid!);
    const s: Server = {
      port,
      base: `http://127.0.0.1:${port}`,
      child,
      output: () => stderr,
      exited,
      kill: (sig) => void child.kill(sig),
    };
    server = s;
    await waitReady(s, 120_000);
    // About 0.6 MB of log lines (4,000 of about 150 bytes): far more than the pipe's 64 KB.
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${s.base}/api/health?${'x'.repeat(200)}`).then((r) => r.arrayBuffer()),
        ),
      );
    }
    // Still serving without delay: logging does not wait for the pipe.
    const t0 = Date.now();
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expectStopInTime(await terminate(s));
  });
});

/** The TCP port a process listens on (Linux: its socket inodes in /proc/net/tcp). */
async function listeningPort(pid: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const inodes = new Set<string>();
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      }
    } catch {
      // starting, or gone
    }
    for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port (hex), f[3] state (0A = listening), f[9] inode.
      if (f[3] === '0A' && f[9] && inodes.has(f[9])) return parseInt(f[1]!.split(':')[1]!, 16);
    }
    if (Date.now() - t0 > 180_000) throw new Error('the server never listened');
    await sleep(100);
  }
}
