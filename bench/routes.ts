// Route figures beside the floor, in one run, of FitBench as it is shipped: a bare Fastify hello
// route (started here, in its own process) is the floor; then the server started as `npm start`
// starts it (node scripts/start.mjs: the build check, then dist/server) with the default
// configuration (logging at info, its stdout into a file as a service manager collects it), on
// PGlite and, with BENCH_DATABASE_URL, on PostgreSQL, over 100k users and 1M workouts: the first
// start on a new data folder (or an empty database) and its RSS, a restart on the existing data,
// restarts by `npm start` itself and by scripts/start.mjs once the load is over and the machine
// quiet (the median of BENCH_STARTS, default 5, of each, in turns), RSS idle and after the load,
// req/s, p50 and p99 of each route asked for as the browser client asks (the board with its `tz` and Accept-Encoding, the public
// profile's page and its API call) and its ratio to the floor (the median of three rounds, each
// against the floor loaded just before it: this machine's speed drifts), /api/ready as the one-query
// reference, the first board of a period nobody asked for (and the slowest save meanwhile and
// through the background fill after), and a --cpu-prof summary of the slowest route.
// BENCH_USERS, BENCH_WORKOUTS and BENCH_SECONDS shrink it for a quick try; BENCH_PGLITE=0 skips
// PGlite; BENCH_ONLY=boards measures the board routes and first boards alone; BENCH_ONLY=saves
// measures the saves alone (plus the week board read first, as the full run does, so the same
// periods are registered) and profiles them; BENCH_ONLY=social measures the feed and the bell's
// count alone. BENCH_LOG_LEVEL=silent gives the old quiet server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../server/src/db/client';
import {
  type LoadResult,
  ROUNDS,
  ROUND_SECONDS,
  SECONDS,
  combined,
  firstStart,
  load,
  logDir,
  logSize,
  measureFloor,
  median,
  rssMb,
  run,
  seconds,
  settle,
  startFloor,
  startServer,
  timeRestarts,
} from './lib/bench-server';
import { profileSummary } from './lib/cpu-profile';
import { benchBesideOtherSaves, benchSaves, fmt, SAVE_LOAD, type Row } from './lib/route-saves';
import { seedRoutes } from './lib/route-seed';
import { withScratchDatabase } from './lib/scratch-database';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const WORKOUTS = Number(process.env.BENCH_WORKOUTS ?? 1_000_000);
const SESSIONS = 500;
const ONLY_SAVES = process.env.BENCH_ONLY === 'saves';
const ONLY_BOARDS = process.env.BENCH_ONLY === 'boards';
const ONLY_SOCIAL = process.env.BENCH_ONLY === 'social';
// What Chromium sends on a fetch.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
// What Chromium sends for a page.
const PAGE = {
  ...BROWSER,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};
// The zone the browser client sends with every board (client/src/lib/time-zone.ts).
const TZ = 'Europe/Paris';
// Zones whose day starts at an offset no other zone the bench asks for has: each one's first
// "today" board is of a period nobody asked for before.
const FIRST_DAY_ZONES = [
  'Asia/Kathmandu',
  'Australia/Eucla',
  'Asia/Yangon',
  'Asia/Kabul',
  'America/St_Johns',
  'Pacific/Marquesas',
  'Asia/Tehran',
];
async function benchTarget(
  name: string,
  serverEnv: Record<string, string>,
  cookies: string[],
  firstFloor: number,
) {
  if (ONLY_SAVES) return benchSaves(USERS, name, serverEnv, cookies, firstFloor);
  console.log(`\n--- ${name} (load average ${load()}) ---`);
  const first = await startServer(serverEnv);
  await first.stop();
  const server = await startServer(serverEnv);
  const slowest: { row: Row; url: string; opts: Record<string, unknown> }[] = [];
  let floor = firstFloor;
  const cleanup: (() => void)[] = [];
  try {
    console.log(
      `  restart on the existing data (node scripts/start.mjs, as npm start runs it): ${seconds(server.startMs)} s to the first answer`,
    );
    const idle = rssMb(server.child.pid!);
    // Right after start the process is still busy (V8 compiles PGlite's WebAssembly further in
    // the background): the route figures are the steady state, so wait until it is idle.
    const settled = await settle(server.child.pid!);
    console.log(
      `  busy after start for ${(settled / 1000).toFixed(1)} s more (background compilation, a fill resumed), then measured`,
    );
    // The floor again, now, and then in turns with each route: this shared machine's speed drifts
    // within a run and within a minute (a floor of 25.8k req/s at the start of one run and a health
    // route at 26.0k beside it minutes later; in another, a board asked for without its zone slower
    // than with it), so a route's ratio is the median of its rounds, each against the floor
    // measured just before it.
    const floorServer = await startFloor();
    cleanup.push(() => floorServer.stop());
    const sectionFloor = await run({ url: floorServer.url, seconds: SECONDS });
    floor = sectionFloor.rps;
    console.log(
      `  floor again, now: ${Math.round(floor)} req/s  p50 ${sectionFloor.p50} ms  p99 ${sectionFloor.p99} ms (${(floor / firstFloor).toFixed(2)}x the first); each route below: ${ROUNDS} rounds of ${ROUND_SECONDS} s, each after ${ROUND_SECONDS} s of the floor`,
    );
    const rows: Row[] = [];
    const measure = async (route: string, opts: Record<string, unknown>) => {
      await run({ ...opts, seconds: 1 });
      const rounds: { r: LoadResult; floor: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const f = await run({ url: floorServer.url, seconds: ROUND_SECONDS });
        rounds.push({ floor: f.rps, r: await run({ ...opts, seconds: ROUND_SECONDS }) });
      }
      const row = {
        route,
        r: combined(rounds.map((x) => x.r)),
        ratio: median(rounds.map((x) => x.r.rps / x.floor)),
      };
      rows.push(row);
      slowest.push({ row, url: String(opts.url), opts });
      console.log(
        `${fmt(floor, row)}  (rounds ${rounds.map((x) => (x.r.rps / x.floor).toFixed(2)).join('/')})`,
      );
    };
    const b = server.base;
    // The feed as a member who follows 100 members reads its first page, and the bell's count (50
    // notifications each, 20 unread: bench/lib/route-seed.ts).
    const social = async () => {
      for (const cookie of cookies) await fetch(`${b}/api/user`, { headers: { cookie } });
      await measure('GET /api/feed (signed in, 100 followed)', {
        url: `${b}/api/feed`,
        headers: BROWSER,
        cookies,
      });
      await measure('GET /api/notifications/unread-count (the bell)', {
        url: `${b}/api/notifications/unread-count`,
        headers: BROWSER,
        cookies,
      });
    };
    if (ONLY_SOCIAL) {
      await social();
      return;
    }
    if (!ONLY_BOARDS) {
      await measure('GET /api/health', { url: `${b}/api/health` });
      // Each session's first request after a minute writes its last-seen time (once a minute at
      // most): touch all of them first, so the figure is the steady state of a signed-in read.
      for (const cookie of cookies) await fetch(`${b}/api/user`, { headers: { cookie } });
      await measure('GET /api/user (signed in)', { url: `${b}/api/user`, cookies });
    }
    // One database round trip per request (SELECT of the migrations' state): the database's floor.
    await measure('GET /api/ready (one query, for reference)', { url: `${b}/api/ready` });
    // As a browser asks for it (every browser sends Accept-Encoding), and as a client that takes
    // no compression gets it (17 KB of JSON per answer).
    // As the browser client asks: its zone and Accept-Encoding; then without the zone (the
    // figure the bench printed before: what the zone costs).
    const tz = `tz=${encodeURIComponent(TZ)}`;
    await measure(`GET /api/leaderboard/week?${tz} (cache on)`, {
      url: `${b}/api/leaderboard/week?${tz}`,
      headers: BROWSER,
    });
    await measure('  the same, no tz', { url: `${b}/api/leaderboard/week`, headers: BROWSER });
    if (!ONLY_BOARDS) {
      // A public profile as a browser loads it: the page (HTML with the member's link-preview
      // tags), then its data; the page's scripts and styles are immutable files, cached.
      await measure('GET /users/{name} (profile page, HTML)', {
        url: `${b}/users/bench_42`,
        headers: PAGE,
      });
      await measure("GET /api/users/{name} (the page's data)", {
        url: `${b}/api/users/bench_42`,
        headers: BROWSER,
      });
      await social();
      await measure('POST /api/workouts (20 connections)', {
        ...SAVE_LOAD,
        url: `${b}/api/workouts`,
        cookies,
      });
    }

    // The first board of a period nobody asked for, while a member saves every few milliseconds.
    let saving = true;
    let worstSave = 0;
    // The slowest save that began while the first boards were being read, apart from the rest.
    let readingBoards = false;
    let worstSaveBesideReads = 0;
    const saver = (async () => {
      while (saving) {
        const began = readingBoards;
        const t0 = performance.now();
        await fetch(`${b}/api/workouts`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: cookies[1]!,
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({ pushups: 30 }),
        });
        const took = performance.now() - t0;
        worstSave = Math.max(worstSave, took);
        if (began) worstSaveBesideReads = Math.max(worstSaveBesideReads, took);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    worstSave = 0;
    readingBoards = true;
    const firstBoard = async (period: string, tz: string) => {
      const t0 = performance.now();
      const res = await fetch(`${b}/api/leaderboard/${period}?tz=${encodeURIComponent(tz)}`);
      await res.arrayBuffer();
      if (res.status !== 200)
        throw new Error(`first ${period} board in ${tz}: status ${res.status}`);
      return performance.now() - t0;
    };
    console.log(
      `  first month board in Pacific/Chatham (unseen period): ${(await firstBoard('month', 'Pacific/Chatham')).toFixed(0)} ms`,
    );
    // One figure says little on a machine whose speed drifts: a day in each of these zones is a
    // period of its own (their offsets differ from each other's and from the zones asked before),
    // each asked for while the periods before it still fill, as members in new zones would.
    const todays: number[] = [];
    for (const tz of FIRST_DAY_ZONES) todays.push(await firstBoard('today', tz));
    readingBoards = false;
    console.log(
      `  first today board of ${todays.length} unseen periods (${FIRST_DAY_ZONES[0]} first): median ${median(todays).toFixed(0)} ms, ` +
        `worst ${Math.max(...todays).toFixed(0)} ms (each: ${todays.map((t) => t.toFixed(0)).join(' ')})`,
    );
    // The new periods fill in the background after those reads (docs/decisions/0066-periods-without-blocking.md):
    // the saves go on through the fill's first seconds.
    await new Promise((r) => setTimeout(r, 3_000));
    saving = false;
    await saver;
    console.log(
      `  slowest save meanwhile and in the 3 s after (background fill): ${worstSave.toFixed(0)} ms ` +
        `(of those begun while the first boards were read: ${worstSaveBesideReads.toFixed(0)} ms)`,
    );
    // The fill of those eight periods (every member each) runs on until done; the machine falls
    // quiet when it is.
    const filled = await settle(server.child.pid!);
    console.log(
      `  the new periods' background fill: done within ${((3_000 + filled) / 1000).toFixed(1)} s of the first boards (machine quiet)`,
    );
    const after = rssMb(server.child.pid!);
    console.log(`  RSS idle ${idle.toFixed(0)} MB, after the load ${after.toFixed(0)} MB`);
  } finally {
    for (const stop of cleanup) stop();
    await server.stop();
  }
  console.log(
    `  its log (level ${process.env.BENCH_LOG_LEVEL ?? 'info, the default'}), over the whole load: ${logSize(server.logFile)}`,
  );
  if (!ONLY_BOARDS) await timeRestarts(serverEnv);

  // Every challenge on one engine (docs/decisions/0098-challenge-catalogue.md): the push-up board
  // beside saves of another challenge, on a server that opens it. Burpee saves drop only the
  // burpee boards' cache, so the push-up board should read as fast as alone; push-up saves beside
  // it (which do change it) are the contrast.
  if (!ONLY_BOARDS) await benchBesideOtherSaves(serverEnv, cookies, floor);

  // Cache off: a server of its own.
  const off = await startServer({ ...serverEnv, BOARD_CACHE: 'false' });
  try {
    // It resumes the fill of the periods the first boards registered: measured once that is done,
    // as the server above was once idle.
    const settled = await settle(off.child.pid!);
    console.log(
      `  cache off: a server of its own, busy after start for ${(settled / 1000).toFixed(1)} s (the fill resumed), then measured`,
    );
    for (const [route, opts] of [
      [
        `GET /api/leaderboard/week?tz=${TZ} (cache off)`,
        { url: `${off.base}/api/leaderboard/week?tz=${encodeURIComponent(TZ)}`, headers: BROWSER },
      ],
    ] as const) {
      await run({ ...opts, seconds: 1 });
      const r = await run({ ...opts, seconds: SECONDS });
      console.log(fmt(floor, { route, r }));
    }
  } finally {
    await off.stop();
  }

  // Where the slowest route (relative to the floor) spends its time.
  const worst = slowest.sort((a, b) => a.row.r.rps - b.row.r.rps)[0]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-prof-'));
  const prof = await startServer(serverEnv, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    await run({
      ...worst.opts,
      url: worst.url.replace(/:\d+\//, `:${prof.port}/`),
      seconds: SECONDS,
    });
  } finally {
    await prof.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  console.log(`  profile of the slowest route, ${worst.row.route} (self time, top functions):`);
  if (file) for (const line of profileSummary(path.join(dir, file))) console.log(line);
  fs.rmSync(dir, { recursive: true, force: true });
}

export async function runRoutesBench() {
  console.log(`== Routes beside the floor (load average ${load()}, ${os.cpus().length} cores) ==`);
  // What npm start runs: the compiled server, rebuilt when its sources changed.
  if (!process.env.BENCH_SERVER) {
    // Built here, so no start measured below includes a build.
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('build failed');
  }

  const floor = await measureFloor();
  console.log(
    `  floor, bare Fastify hello: ${Math.round(floor.rps)} req/s  p50 ${floor.p50} ms  p99 ${floor.p99} ms`,
  );

  if (process.env.BENCH_PGLITE !== '0') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-'));
    try {
      await firstStart({ DATA_DIR: dataDir });
      const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
      const cookies = await seedRoutes(database.db, { USERS, WORKOUTS, SESSIONS });
      await database.close();
      await benchTarget('PGlite', { DATA_DIR: dataDir }, cookies, floor.rps);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await withScratchDatabase(url, 'fitbench_bench', async (databaseUrl) => {
      await firstStart({ DATABASE_URL: databaseUrl });
      const database = await openPostgres(databaseUrl, { max: 2 });
      const cookies = await seedRoutes(database.db, { USERS, WORKOUTS, SESSIONS });
      await database.close();
      await benchTarget('PostgreSQL', { DATABASE_URL: databaseUrl }, cookies, floor.rps);
    });
  } else {
    console.log(
      '\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to run it side by side)',
    );
  }
  fs.rmSync(logDir, { recursive: true, force: true });
}
