// The feed of a member who follows 2,000 members, and the bell (docs/decisions/0314-the-feed-in-index-order.md),
// on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Seeded as the route bench seeds
// (bench/lib/route-seed.ts: BENCH_USERS members, BENCH_WORKOUTS sets over the last year, members
// 1-500 signed in, each following 100), then members 1-20 follow 2,000 more each.
// 1. In process, on the same data, in turns: the first page's query as 2d614f7 read it (limit + 1
//    sets of every author, merged), as 0273 first shipped it (5a68825) and as shipped now; the
//    median of BENCH_READS reads of each (default 30), the shared buffers of one (EXPLAIN ANALYZE
//    BUFFERS), and a check that all return the same rows; the shipped one also as the route reads
//    it (kept prepared on PostgreSQL). Following 2,000 and following 100.
//    The bell's count the same way: planned each time, and as shipped (kept prepared on PostgreSQL).
// 2. The routes, as the browser asks (server as npm start runs it): /api/health, /api/user (a
//    signed-in read from the process's cache), the feed following 2,000 and following 100, the
//    bell's count, each a ratio to the floor (a bare Fastify route)
//    loaded just before it, the median of 3 rounds. With BENCH_BASELINE=<commit>, that commit's
//    build serves the same data beside this one (PGlite: a copy of the folder), loaded in turns
//    with it in every round: a before/after in one run.
// Run: BENCH_USERS=20000 BENCH_WORKOUTS=200000 BENCH_SECONDS=4 BENCH_BASELINE=5a68825 \
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf, type Db } from '../server/src/db/client';
import { feedQuery, feedRows } from '../server/src/routes/feed/feed.service';
import {
  UNREAD_COUNT,
  unreadCount,
} from '../server/src/routes/notifications/notifications.service';
import { baselineTree, git } from './lib/baseline-tree';
import {
  firstStart,
  load,
  median,
  ROUND_SECONDS,
  ROUNDS,
  run,
  settle,
  startFloor,
  startServer,
  type Server,
} from './lib/bench-server';
import { mergedFeedQuery, windowFeedQuery } from './lib/feed-queries';
import { seedRoutes } from './lib/route-seed';
import { withScratchDatabase } from './lib/scratch-database';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const WORKOUTS = Number(process.env.BENCH_WORKOUTS ?? 200_000);
const READS = Number(process.env.BENCH_READS ?? 30);
const SESSIONS = 500;
const WIDE = 20; // members 1-20 follow 2,000 more each
const FOLLOWED = 2_000;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const baselineRef = process.env.BENCH_BASELINE;

async function seed(db: Db): Promise<string[]> {
  const cookies = await seedRoutes(db, { USERS, WORKOUTS, SESSIONS });
  // 2,000 distinct members each (a stride through members 1,001 and up), beside the 100 seeded.
  await db.execute(sql`insert into follows (follower_id, followee_id)
    select s, 1001 + (g + s * 97) % ${USERS - 1000}::int
    from generate_series(1, ${WIDE}::int) s, generate_series(0, ${FOLLOWED - 1}::int) g
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze follows`);
  return cookies;
}

/** Shared buffers (hit + read) of one run of the query, from its plan. */
async function buffers(db: Db, q: SQL): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (analyze, buffers, format json) ${q}`,
  );
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: Record<string, number>;
  }[];
  const top = plan[0]!.Plan;
  return (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
}

async function queries(db: Db) {
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from follows where follower_id = 1`,
  );
  for (const [label, viewer] of [
    [`following ${n.toLocaleString()}`, 1],
    ['following 100', WIDE + 1],
  ] as const) {
    const shapes: Record<string, SQL> = {
      'merged (2d614f7)': mergedFeedQuery(viewer, 20),
      'window (0273, 5a68825)': windowFeedQuery(viewer, 20),
      '0314, planned each time': feedQuery(viewer, { limit: 20 }),
    };
    const reads: Record<string, () => Promise<{ id: number }[]>> = {
      ...Object.fromEntries(
        Object.entries(shapes).map(([name, q]) => [name, () => rowsOf<{ id: number }>(db, q)]),
      ),
      // As the route reads it: kept prepared on PostgreSQL (PGlite plans it each time anyway).
      '0314, as shipped': () => feedRows(db, viewer, { limit: 20 }),
    };
    const ms: Record<string, number[]> = {};
    const ids: Record<string, string> = {};
    for (let i = 0; i < READS; i++)
      for (const [name, read] of Object.entries(reads)) {
        const t = performance.now();
        const rows = await read();
        (ms[name] ??= []).push(performance.now() - t);
        ids[name] = rows.map((r) => r.id).join(',');
      }
    const first = Object.values(ids)[0];
    if (Object.values(ids).some((x) => x !== first)) throw new Error(`${label}: the rows differ`);
    const base = median(ms['merged (2d614f7)']!);
    console.log(`  the first page's query, ${label} (median of ${READS} reads each, in turns):`);
    for (const name of Object.keys(reads)) {
      const m = median(ms[name]!);
      const q = shapes[name];
      const b = q ? `  ${(await buffers(db, q)).toLocaleString().padStart(6)} buffers` : '';
      console.log(
        `    ${name.padEnd(24)} ${m.toFixed(2).padStart(7)} ms  ${(base / m).toFixed(2)}x the merged${b}`,
      );
    }
  }
}

/** The bell's count of a reader (50 notifications, 20 unread), planned each time and as shipped. */
async function bell(db: Db) {
  const ms: Record<string, number[]> = { 'planned each time': [], 'as shipped': [] };
  for (let i = 0; i < READS * 10; i++) {
    const viewer = 1 + (i % SESSIONS);
    let t = performance.now();
    await rowsOf(db, sql.raw(UNREAD_COUNT.replace('$1', String(viewer))));
    ms['planned each time']!.push(performance.now() - t);
    t = performance.now();
    await unreadCount(db, viewer);
    ms['as shipped']!.push(performance.now() - t);
  }
  console.log(
    `  the bell's count (median of ${READS * 10} reads each, in turns): ${Object.entries(ms)
      .map(([k, xs]) => `${k} ${median(xs).toFixed(3)} ms`)
      .join(', ')}`,
  );
}

async function routes(cookies: string[], servers: { name: string; server: Server }[]) {
  for (const { server } of servers) {
    await settle(server.child.pid!);
    // Each session's first request writes its last-seen time: the figures are the steady state.
    for (const cookie of cookies) await fetch(`${server.base}/api/user`, { headers: { cookie } });
  }
  const floor = await startFloor();
  try {
    const list: [string, string, Record<string, unknown>][] = [
      ['GET /api/health', '/api/health', {}],
      // A signed-in read from the process's cache: what a signed-in route costs before its query.
      ['GET /api/user (signed in)', '/api/user', { headers: BROWSER, cookies }],
      [
        `GET /api/feed, following ${FOLLOWED.toLocaleString()}+`,
        '/api/feed',
        { headers: BROWSER, cookies: cookies.slice(0, WIDE) },
      ],
      [
        'GET /api/feed, following 100',
        '/api/feed',
        { headers: BROWSER, cookies: cookies.slice(WIDE) },
      ],
      [
        'GET /api/notifications/unread-count',
        '/api/notifications/unread-count',
        { headers: BROWSER, cookies },
      ],
    ];
    for (const [route, url, opts] of list) {
      for (const { server } of servers) await run({ ...opts, url: server.base + url, seconds: 1 });
      const rounds = new Map<string, { ratio: number; rps: number; p99: number; bad: number }[]>();
      for (let i = 0; i < ROUNDS; i++)
        for (const { name, server } of servers) {
          const f = await run({ url: floor.url, seconds: ROUND_SECONDS });
          const r = await run({ ...opts, url: server.base + url, seconds: ROUND_SECONDS });
          const list = rounds.get(name) ?? [];
          list.push({ ratio: r.rps / f.rps, rps: r.rps, p99: r.p99, bad: r.non2xx + r.errors });
          rounds.set(name, list);
        }
      console.log(`  ${route} (load average ${load()}):`);
      for (const [name, rs] of rounds) {
        const bad = rs.reduce((a, r) => a + r.bad, 0);
        console.log(
          `    ${name.padEnd(26)} ${Math.round(median(rs.map((r) => r.rps)))
            .toString()
            .padStart(6)} req/s  p99 ${Math.max(...rs.map((r) => r.p99))} ms  ${median(
            rs.map((r) => r.ratio),
          ).toFixed(
            4,
          )} of floor (rounds ${rs.map((r) => r.ratio.toFixed(4)).join('/')})${bad ? `  ${bad} failed` : ''}`,
        );
      }
    }
  } finally {
    floor.stop();
  }
}

async function target(
  name: string,
  env: Record<string, string>,
  open: () => Promise<{ db: Db; close: () => Promise<void> }>,
  baselineEnv: () => Record<string, string>,
  tree: string | undefined,
) {
  console.log(`\n--- ${name} (load average ${load()}) ---`);
  await firstStart(env);
  const database = await open();
  const cookies = await seed(database.db);
  await queries(database.db);
  await bell(database.db);
  await database.close();
  const servers: { name: string; server: Server }[] = [];
  try {
    // The baseline first: on PGlite it copies the folder before this checkout's server opens it.
    if (tree)
      servers.push({
        name: `baseline ${baselineRef}`,
        server: await startServer(baselineEnv(), [], tree),
      });
    servers.push({ name: 'this checkout', server: await startServer(env) });
    await routes(cookies, servers);
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('build failed');
const tree = baselineRef ? baselineTree(git('rev-parse', `${baselineRef}^{commit}`)) : undefined;
console.log(
  `== The feed following ${FOLLOWED.toLocaleString()}, and the bell (${os.cpus().length} cores, ${USERS.toLocaleString()} members, ${WORKOUTS.toLocaleString()} sets) ==`,
);
if (process.env.BENCH_PGLITE !== '0') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-'));
  const copy = `${dataDir}-baseline`;
  try {
    await target(
      'PGlite',
      { DATA_DIR: dataDir },
      async () => {
        const d = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
        return { db: d.db, close: () => d.close() };
      },
      () => {
        // Each server holds its folder: the baseline reads a copy of the same data.
        fs.cpSync(dataDir, copy, { recursive: true });
        return { DATA_DIR: copy };
      },
      tree,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchDatabase(url, 'fitbench_feed', async (databaseUrl) => {
    const env = { DATABASE_URL: databaseUrl };
    await target(
      'PostgreSQL',
      env,
      async () => {
        const d = await openPostgres(databaseUrl, { max: 2 });
        return { db: d.db, close: () => d.close() };
      },
      () => env,
      tree,
    );
  });
}
