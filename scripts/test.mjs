// `npm test`: unit + API tests (Vitest, PGlite and, with TEST_DATABASE_URL, PostgreSQL) with the
// client's build beside them, then the compiled server's build when stale and the end-to-end tests
// (Playwright). Prints "N passed, M failed" last.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
// Each failed test's name and first line of its error, printed again just above the summary so
// that the tail of a long CI log says what failed.
const failures = [];
// The colour codes a reporter leaves in a message.
// eslint-disable-next-line no-control-regex -- they start with ESC
const COLOUR = /\x1b\[[0-9;]*m/g;
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const skipE2e = process.argv.includes('--no-e2e');
// The client's build (Vite) needs nothing Vitest does and Vitest reads nothing it writes: it runs
// beside Vitest, whose one test worker leaves the second core mostly idle
// (docs/decisions/0285-test-loop-overlaps.md). Its output goes to a file (a pipe would fill while
// spawnSync holds this process) and is printed after Vitest's. The server half is built after
// Vitest: server/src/index.test.ts builds it when stale.
const clientLog = path.join(os.tmpdir(), `fitbench-client-build-${process.pid}.log`);
const clientBuild = skipE2e
  ? Promise.resolve(0)
  : new Promise((resolve) => {
      const out = fs.openSync(clientLog, 'w');
      const child = spawn(process.execPath, ['scripts/build.mjs', '--only=client'], {
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      child.on('error', (err) => {
        fs.appendFileSync(clientLog, `${err.message}\n`);
        resolve(1);
      });
      child.on('exit', (code) => resolve(code ?? 1));
    });

fs.rmSync('.vitest-results.json', { force: true });
const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=.vitest-results.json',
]);
const v = read('.vitest-results.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load counts as a failure even with no test counted.
  if (vitestCode !== 0 && v.numFailedTests === 0) failed += 1;
  for (const file of v.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      failures.push(`vitest ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (!tests.length && file.status === 'failed')
      failures.push(`vitest ${where}: ${firstLine(file.message)}`);
  }
} else if (vitestCode !== 0) failed += 1;

let e2eCode = 0;
if (!skipE2e) {
  const clientCode = await clientBuild;
  process.stdout.write(fs.readFileSync(clientLog, 'utf8'));
  fs.rmSync(clientLog, { force: true });
  const buildCode =
    clientCode || run(process.execPath, ['scripts/build.mjs', '--only=server', '--if-stale']);
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
      const visit = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== 'unexpected') continue;
            const last = t.results?.at(-1);
            failures.push(
              `playwright [${t.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`,
            );
          }
        }
        for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
      };
      // The top suites are the files, already named by each spec's file.
      for (const suite of p.suites ?? []) visit(suite, []);
    } else if (e2eCode !== 0) failed += 1;
  }
}

if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  for (const f of failures) console.log(`  ${f.slice(0, 400)}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitestCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0);
