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
  it('refuses a second lock on the same folder while the first is held', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir, () => undefined);
    await expect(lockDataDir(dir, () => undefined)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir, () => undefined)).rejects.toThrow(/already in use by another FitBench process/);
    await release();
    const again = await lockDataDir(dir, () => undefined);
    await again();
  });

  it('takes over a stale lock left by a crashed process', async () => {
    const dir = tempDir();
    const lockPath = path.join(dir, 'fitbench.lock');
    fs.mkdirSync(lockPath);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath, old, old);
    const release = await lockDataDir(dir, () => undefined, 2000);
    await release();
  });

  it('a second server on a locked folder exits at once with a clear message and leaves the data alone', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir, () => undefined);
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
    await release();
  });
});
