import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, run, SECONDS, settle, startServer, type LoadResult } from './bench-server';
import { profileSummary } from './cpu-profile';

// The route bench's save figures: saves alone (and profiled), and the push-up board beside saves.

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const TZ = 'Europe/Paris';

export interface Row {
  route: string;
  r: LoadResult;
  /** The route's ratio to the floor measured beside it, when it was (in turns, in rounds). */
  ratio?: number;
}

export const fmt = (floor: number, { route, r, ratio }: Row) =>
  `  ${route.padEnd(54)} ${Math.round(r.rps).toString().padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${(ratio ?? r.rps / floor).toFixed(2).padStart(5)} of floor${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;

export const SAVE_LOAD = {
  method: 'POST',
  connections: 20,
  body: JSON.stringify({ pushups: 25 }),
  uniqueKey: true,
};

/** BENCH_ONLY=saves: the save figure alone, then a profile of the server under the same load. */
export async function benchSaves(
  USERS: number,
  name: string,
  serverEnv: Record<string, string>,
  cookies: string[],
  floor: number,
) {
  console.log(`\n--- ${name}, saves only (load average ${load()}) ---`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-prof-'));
  for (const nodeArgs of [[], ['--cpu-prof', `--cpu-prof-dir=${dir}`]]) {
    const server = await startServer(serverEnv, nodeArgs);
    try {
      // The full run reads the week board first: the same periods are registered here.
      await fetch(`${server.base}/api/leaderboard/week`).then((r) => r.arrayBuffer());
      // That read starts the week's background fill (docs/decisions/0066-periods-without-blocking.md);
      // the full run measures other routes meanwhile. Let it finish before the saves are timed.
      await new Promise((r) => setTimeout(r, 2_000 + USERS / 10));
      for (const cookie of cookies) await fetch(`${server.base}/api/user`, { headers: { cookie } });
      const opts = { ...SAVE_LOAD, url: `${server.base}/api/workouts`, cookies };
      await run({ ...opts, seconds: 1 });
      const r = await run({ ...opts, seconds: SECONDS });
      const route = `POST /api/workouts (20 connections${nodeArgs.length ? ', profiled' : ''})`;
      console.log(fmt(floor, { route, r }));
    } finally {
      await server.stop();
    }
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  console.log('  profile of the saves (self time, top functions):');
  if (file) for (const line of profileSummary(path.join(dir, file), 15)) console.log(line);
  if (process.env.BENCH_KEEP_PROFILE) console.log(`  kept: ${path.join(dir, file ?? '')}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

/** The push-up board alone, beside burpee saves, and beside push-up saves (4 connections each). */
export async function benchBesideOtherSaves(
  serverEnv: Record<string, string>,
  cookies: string[],
  floor: number,
) {
  const server = await startServer({ ...serverEnv, CHALLENGES: 'pushup-90,burpees-or-bust' });
  try {
    await settle(server.child.pid!);
    const board = {
      url: `${server.base}/api/leaderboard/week?tz=${encodeURIComponent(TZ)}`,
      headers: BROWSER,
    };
    const saves = (body: object) => ({
      method: 'POST',
      connections: 4,
      body: JSON.stringify(body),
      uniqueKey: true,
      url: `${server.base}/api/workouts`,
      cookies,
    });
    await run({ ...board, seconds: 1 });
    const alone = await run({ ...board, seconds: SECONDS });
    console.log(
      fmt(floor, {
        route: 'GET /api/leaderboard/week (push-ups), CHALLENGES with burpees open',
        r: alone,
      }),
    );
    for (const [label, body] of [
      [
        '  the same, beside burpee saves (4 connections)',
        { challenge: 'burpees-or-bust', score: 25 },
      ],
      ['  the same, beside push-up saves (4 connections)', { pushups: 25 }],
    ] as const) {
      const [r, s] = await Promise.all([
        run({ ...board, seconds: SECONDS }),
        run({ ...saves(body), seconds: SECONDS }),
      ]);
      console.log(
        `${fmt(floor, { route: label, r })}   (${s.rps.toFixed(0)} saves/s beside it, ${(r.rps / alone.rps).toFixed(2)}x the board alone)`,
      );
    }
  } finally {
    await server.stop();
  }
}
