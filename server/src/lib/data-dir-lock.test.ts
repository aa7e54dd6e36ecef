import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('refuses a second lock on the same folder while the first is held', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already in use by another FitBench process \(process \d+/);
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
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'fitbench.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

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
