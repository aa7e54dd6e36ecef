// `npm run test:reliability`: the reliability proofs (reliability/*.test.ts: real server
// processes, a PostgreSQL cluster of their own, nginx). Not part of `npm test`; .ci/run runs it
// after and adds its counts. Prints "N passed, M failed" last. Extra arguments go to Vitest
// (e.g. a file name).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const out = '.reliability-results.json';
fs.rmSync(out, { force: true });
const args = [
  'vitest',
  'run',
  '--config',
  'reliability/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${out}`,
  ...process.argv.slice(2),
];
const code = spawnSync('npx', args, { stdio: 'inherit' }).status ?? 1;
let passed = 0;
let failed = 0;
try {
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  if (code !== 0 && failed === 0) failed = 1;
} catch {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(code !== 0 || failed > 0 ? 1 : 0);
