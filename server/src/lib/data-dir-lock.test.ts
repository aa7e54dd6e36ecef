import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStat } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-lock-'));
  dirs.push(d);
  return d;
};
const children: ChildProcess[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const lockFile = (dir: string) => path.join(dir, 'fitbench.lock');
const writeLock = (dir: string, owner: Record<string, unknown>) =>
  fs.writeFileSync(
    lockFile(dir),
    JSON.stringify({ host: os.hostname(), startedAt: '2026-11-25T10:00:00.000Z', ...owner }),
  );
const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const lockOwner = (dir: string) =>
  JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; procStart?: string };

async function until(check: () => boolean, what: string) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A live process that is not this one. */
async function liveOther() {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await until(() => processStat(child.pid!)?.state === 'S', 'sleep to run');
  return child.pid!;
}

/**
 * A real zombie: the shell starts a short child in the background, prints its pid, then becomes
 * `sleep 60` (exec keeps its pid), which never reaps the child once it exits.
 */
async function zombie() {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (b: Buffer) => resolve(Number(b.toString().trim()))),
  );
  await until(() => processStat(pid)?.state === 'Z', `process ${pid} to be a zombie`);
  return pid;
}

describe('DATA_DIR lock', () => {
  it('refuses a second lock on the same folder while the first is held', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      /already in use by another FitBench process \(process \d+/,
    );
    // The holder and the file, for a caller's own message (server/src/cli/moderator.ts).
    const refused = (() => {
      try {
        lockDataDir(dir);
      } catch (err) {
        return err as DataDirLockedError;
      }
    })();
    expect(refused?.owner).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(refused?.lockFile).toBe(path.resolve(dir, 'fitbench.lock'));
    release();
    expect(fs.existsSync(path.join(dir, 'fitbench.lock'))).toBe(false);
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']);
    expect(dead.status).toBe(0);
    fs.writeFileSync(
      path.join(dir, 'fitbench.lock'),
      JSON.stringify({ pid: dead.pid, host: os.hostname(), startedAt: new Date().toISOString() }),
    );
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'fitbench.lock'), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
  });

  it("takes over a lock naming this process's own pid that this process does not hold (a restarted container)", () => {
    for (const owner of [
      { pid: process.pid },
      { pid: process.pid, bootId: bootId(), procStart: processStat(process.pid)!.start },
    ]) {
      const dir = tempDir();
      writeLock(dir, owner);
      const release = lockDataDir(dir);
      expect(lockOwner(dir).pid).toBe(process.pid);
      expect(lockOwner(dir).procStart).toBe(processStat(process.pid)!.start);
      // Held now by this process: a second lock is refused.
      expect(() => lockDataDir(dir)).toThrow(
        /already in use by another FitBench process \(process \d+/,
      );
      release();
      expect(fs.existsSync(lockFile(dir))).toBe(false);
    }
  });

  it('takes over a lock naming a zombie (killed, not yet reaped)', async () => {
    const pid = await zombie();
    // kill(pid, 0) succeeds on a zombie: the lock must not rely on it.
    expect(() => process.kill(pid, 0)).not.toThrow();
    for (const owner of [{ pid }, { pid, bootId: bootId(), procStart: processStat(pid)!.start }]) {
      const dir = tempDir();
      writeLock(dir, owner);
      const release = lockDataDir(dir);
      expect(lockOwner(dir).pid).toBe(process.pid);
      release();
    }
  });

  it('refuses a lock naming a live other process, with the clear message', async () => {
    const pid = await liveOther();
    for (const owner of [{ pid }, { pid, bootId: bootId(), procStart: processStat(pid)!.start }]) {
      const dir = tempDir();
      writeLock(dir, owner);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(
          `already in use by another FitBench process \\(process ${pid} on ${os.hostname()}, since 2026-11-25T10:00:00.000Z\\)\\. Stop that process`,
        ),
      );
      expect(lockOwner(dir).pid).toBe(pid);
    }
  });

  it('takes over a lock whose pid now belongs to a process started at another time, or from an earlier boot', async () => {
    const pid = await liveOther();
    const start = processStat(pid)!.start;
    for (const owner of [
      { pid, bootId: bootId(), procStart: String(Number(start) - 1) },
      { pid, bootId: '00000000-0000-0000-0000-000000000000', procStart: start },
    ]) {
      const dir = tempDir();
      writeLock(dir, owner);
      const release = lockDataDir(dir);
      expect(lockOwner(dir).pid).toBe(process.pid);
      release();
    }
  });

  it('creates the folder and the lock file for the owner only', () => {
    const dir = path.join(tempDir(), 'new', 'data');
    const release = lockDataDir(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    release();
  });

  it('a server whose pid the lock already names starts (the lock of an earlier process with its pid)', async () => {
    const dir = tempDir();
    const port = 6300 + Math.floor(Math.random() * 300);
    // exec keeps the shell's pid ($$): the lock names the very process that then starts the server.
    const script = `printf '{"pid":%d,"host":"%s","startedAt":"2026-11-25T10:00:00.000Z"}' $$ "$(hostname)" > "$DATA_DIR/fitbench.lock"; exec "${process.execPath}" --import tsx server/src/index.ts`;
    const child = spawn('sh', ['-c', script], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        CLIENT_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let up = false;
    const t0 = Date.now();
    while (!up && child.exitCode === null && Date.now() - t0 < 60_000) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stderr).not.toMatch(/already in use/);
    expect(up).toBe(true);
    expect(lockOwner(dir).pid).toBe(child.pid);
    expect(lockOwner(dir).procStart).toBe(processStat(child.pid!)!.start);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  }, 90_000);

  it('does not take over a lock held by another host', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, 'fitbench.lock'),
      JSON.stringify({ pid: 1, host: 'some-other-machine', startedAt: new Date().toISOString() }),
    );
    expect(() => lockDataDir(dir)).toThrow(/some-other-machine/);
  });

  it('a second server on a locked folder exits at once with a clear message and leaves the data alone', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const marker = path.join(dir, 'pgdata-marker');
    fs.writeFileSync(marker, 'untouched');
    const before = fs.readdirSync(dir).sort();
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/already in use by another FitBench process/);
    expect(Date.now() - started).toBeLessThan(15_000);
    // It did not create or change anything in the folder (no pgdata was opened).
    expect(fs.readdirSync(dir).sort()).toEqual(before);
    expect(fs.readFileSync(marker, 'utf8')).toBe('untouched');
    release();
  });
});
