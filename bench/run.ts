// `npm run bench`: prints the project's speed and size figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runFoundationBench } from './foundation';
import { printJsSize } from './js-size';

await runFoundationBench();
await printJsSize();

const leaderboard = path.join(import.meta.dirname, 'leaderboard.ts');
if (fs.existsSync(leaderboard) && !process.argv.includes('--foundation-only')) {
  console.log('\n== Leaderboard ==');
  const r = spawnSync(process.execPath, ['--import', 'tsx', leaderboard], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
