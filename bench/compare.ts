// `npm run bench:compare [ref]`: this checkout's route figures beside an earlier commit's, in one
// run. The earlier commit (default BENCH_BASELINE, else the last commit before every challenge
// became one catalogue entry) is checked out into a worktree of its own beside this one (node_modules
// shared), built, and its route bench (bench/routes.ts, as `npm run bench` runs it: its own data,
// seeded as that commit seeds it, and its own floor) runs first; then this checkout's. Each route's
// ratio to the floor measured in turns with it is compared: the routes are the push-up challenge's
// (the specification's API), so this says whether a change slowed what members ask most. BENCH_USERS,
// BENCH_WORKOUTS, BENCH_SECONDS, BENCH_PGLITE and BENCH_DATABASE_URL pass to both.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { baselineTree, git } from './lib/baseline-tree';

const root = path.resolve(import.meta.dirname, '..');
/** The commit before issue 35 (a challenge is one catalogue entry). */
const DEFAULT_BASELINE = 'fffdc77';
const ref = process.argv[2] ?? process.env.BENCH_BASELINE ?? DEFAULT_BASELINE;
/** The most a route's ratio to the floor may fall against the baseline before it is called slower. */
const TOLERANCE = 0.1;

interface RouteRow {
  route: string;
  rps: number;
  p99: number;
  ratio: number;
}

/** Runs bench/routes.ts in `cwd`, echoing its output; the route rows it printed, per section. */
function routeBench(cwd: string, label: string): Promise<Map<string, RouteRow>> {
  console.log(`\n=== ${label} ===`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./bench/routes.ts').then((m) => m.runRoutesBench())"],
      { cwd, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    const rows = new Map<string, RouteRow>();
    let section = '';
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const heading = /^--- (.+?) \(load average/.exec(line);
        if (heading) section = heading[1]!;
        const m =
          /^ {2}(\S.{0,80}?)\s+(\d+) req\/s\s+p50\s+\d+ ms\s+p99\s+(\d+) ms\s+([\d.]+) of floor/.exec(
            line,
          );
        if (m && section)
          rows.set(`${section}: ${m[1]!.trim()}`, {
            route: m[1]!.trim(),
            rps: Number(m[2]),
            p99: Number(m[3]),
            ratio: Number(m[4]),
          });
      }
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(rows) : reject(new Error(`${label}: the bench exited with ${code}`)),
    );
  });
}

const sha = git('rev-parse', `${ref}^{commit}`);
const head = git('rev-parse', 'HEAD');
console.log(
  `== This checkout (${head.slice(0, 7)}) beside ${ref} (${sha.slice(0, 7)}), one after the other (load average ${os.loadavg()[0]!.toFixed(1)}) ==`,
);
const baseline = await routeBench(baselineTree(sha), `baseline ${sha.slice(0, 7)}`);
const current = await routeBench(root, `this checkout ${head.slice(0, 7)}`);

console.log(
  `\n== Each route's ratio to the floor: baseline ${sha.slice(0, 7)} -> this checkout (load average ${os.loadavg()[0]!.toFixed(1)}) ==`,
);
let slower = 0;
for (const [key, now] of current) {
  const before = baseline.get(key);
  if (!before) continue;
  const change = now.ratio / before.ratio - 1;
  const verdict = change < -TOLERANCE ? 'SLOWER' : 'within 10 %';
  if (change < -TOLERANCE) slower += 1;
  console.log(
    `  ${key.padEnd(72)} ${before.ratio.toFixed(2)} -> ${now.ratio.toFixed(2)}  (${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %, p99 ${before.p99} -> ${now.p99} ms)  ${verdict}`,
  );
}
console.log(
  slower === 0
    ? '  every route within 10 % of the baseline'
    : `  ${slower} route(s) more than 10 % slower than the baseline`,
);
