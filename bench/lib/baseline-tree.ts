import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// An earlier commit, checked out and built beside this checkout, for a before/after in one run
// (bench/compare.ts, bench/feed.ts).

const root = path.resolve(import.meta.dirname, '../..');

export const git = (...args: string[]) => {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

/** A built worktree of `sha` beside this checkout (kept between runs: building takes a minute). */
export function baselineTree(sha: string): string {
  const dir = path.join(os.tmpdir(), `fitbench-baseline-${sha.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    git('worktree', 'add', '--detach', dir, sha);
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules);
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`the baseline ${sha} did not build`);
  return dir;
}
