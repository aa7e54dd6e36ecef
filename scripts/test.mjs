// `npm test`: unit + API tests (Vitest, PGlite and, with TEST_DATABASE_URL, PostgreSQL), then the
// build (client and compiled server) and the end-to-end tests (Playwright). Prints "N passed, M failed" last.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

fs.rmSync('.vitest-results.json', { force: true });
const vitestCode = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.vitest-results.json']);
const v = read('.vitest-results.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load counts as a failure even with no test counted.
  if (vitestCode !== 0 && v.numFailedTests === 0) failed += 1;
} else if (vitestCode !== 0) failed += 1;

const skipE2e = process.argv.includes('--no-e2e');
let e2eCode = 0;
if (!skipE2e) {
  const buildCode = run(process.execPath, ['scripts/build.mjs']);
  if (buildCode !== 0) {
    failed += 1;
    e2eCode = buildCode;
  } else {
    fs.rmSync('.playwright-results.json', { force: true });
    e2eCode = run('npx', ['playwright', 'test']);
    const p = read('.playwright-results.json');
    if (p?.stats) {
      passed += p.stats.expected + (p.stats.flaky ?? 0);
      failed += p.stats.unexpected;
      if (e2eCode !== 0 && p.stats.unexpected === 0) failed += 1;
    } else if (e2eCode !== 0) failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0);
