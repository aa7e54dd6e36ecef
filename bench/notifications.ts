// Notification figures (docs/decisions/0256-fan-out-on-write.md), of the server as shipped (npm
// start's compiled server), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL:
// - the bell's count (GET /api/notifications/unread-count, 500 members with 200 notifications
//   each, 50 unread) under load, as a ratio to the floor (a bare Fastify hello route loaded just
//   before it, as bench/routes.ts does);
// - a save that notifies 1,000 followers ("beat your best": the save writes a job row, the
//   fan-out job makes the notifications, docs/decisions/0271-notifications-off-the-save-path.md)
//   beside a save that notifies nobody, each timed alone, one after another (BENCH_FANOUT savers
//   of each kind, default 20): the save target is the slowest save <= 50 ms (docs/benchmarks.md);
//   then how long after the last save a follower's bell counts every saver's notification (the
//   job's delay: its 250 ms timer and the fan-out of the 1,000 followers each).
// Run: npx tsx bench/notifications.ts  (BENCH_USERS, BENCH_WORKOUTS, BENCH_SECONDS shrink it.)
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import {
  firstStart,
  load,
  median,
  run,
  SECONDS,
  startFloor,
  startServer,
} from './lib/bench-server';
import { seedRoutes } from './lib/route-seed';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const WORKOUTS = Number(process.env.BENCH_WORKOUTS ?? 200_000);
const SESSIONS = 500;
const FOLLOWERS = 1_000;
const SAVERS = Number(process.env.BENCH_FANOUT ?? 20);

async function session(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const id = createHash('sha256').update(token).digest('hex');
  await db.execute(sql`insert into sessions (id, user_id, expires_at, last_seen_at)
    values (${id}, ${userId}, now() + interval '30 days', now())`);
  return `fitbench_session=${token}`;
}

/** Notifications for the members with sessions; savers with 1,000 followers each, and without. */
async function seedNotifications(db: Db) {
  const t0 = performance.now();
  await db.execute(sql`
    insert into notifications (recipient_id, kind, actor_id, key, created_at, read_at)
    select r, 'followed', 1000 + k, 'followed:bench:' || k, now() - k * interval '1 minute',
      case when k > 50 then now() end
    from generate_series(1, ${SESSIONS}) r, generate_series(1, 200) k`);
  const savers: { fanout: string[]; alone: string[]; follower: string } = {
    fanout: [],
    alone: [],
    follower: '',
  };
  for (const kind of ['fanout', 'alone'] as const) {
    for (let i = 0; i < SAVERS; i++) {
      const name = `saver_${kind}_${i}`;
      const rows = await db.execute<{ id: number }>(sql`
        insert into users (username, email, password_hash, created_at)
        values (${name}, ${name + '@example.com'}, 'not-a-real-hash', now() - interval '400 days')
        returning id`);
      const id = Number(
        ((rows as unknown as { rows?: { id: number }[] }).rows ??
          (rows as unknown as { id: number }[]))[0]!.id,
      );
      if (kind === 'fanout')
        // Followers who have a best (all below the save's 300): each is told.
        await db.execute(sql`insert into follows (follower_id, followee_id)
          select b.user_id, ${id} from standing_bests b
          where b.challenge = 'pushup-90' and not b.verified and b.user_id > ${SESSIONS}
          order by b.user_id limit ${FOLLOWERS}`);
      savers[kind].push(await session(db, id));
    }
  }
  // The first of the followers (the same 1,000 follow every saver), whose bell is watched.
  const first = await db.execute<{ id: number }>(sql`select min(f.follower_id) as id from follows f
    join users s on s.id = f.followee_id and s.username like 'saver_fanout_%'`);
  savers.follower = await session(
    db,
    Number(
      ((first as unknown as { rows?: { id: number }[] }).rows ??
        (first as unknown as { id: number }[]))[0]!.id,
    ),
  );
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  seeded notifications and savers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return savers;
}

async function timeSaves(base: string, cookies: string[]): Promise<number[]> {
  const ms: number[] = [];
  for (const cookie of cookies) {
    const t = performance.now();
    const res = await fetch(`${base}/api/workouts`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ pushups: 300 }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`save answered ${res.status}`);
    ms.push(performance.now() - t);
  }
  return ms;
}

async function benchTarget(
  name: string,
  env: Record<string, string>,
  cookies: string[],
  savers: { fanout: string[]; alone: string[]; follower: string },
) {
  console.log(`\n--- ${name} (load average ${load()}) ---`);
  const floor = await startFloor();
  const server = await startServer(env);
  try {
    for (const cookie of cookies.slice(0, 50))
      await fetch(`${server.base}/api/user`, { headers: { cookie } });
    const bell = { url: `${server.base}/api/notifications/unread-count`, cookies, connections: 50 };
    await run({ ...bell, seconds: 1 });
    const ratios: number[] = [];
    let last = { rps: 0, p50: 0, p99: 0, non2xx: 0, errors: 0 };
    for (let round = 0; round < 3; round++) {
      const f = await run({ url: floor.url, seconds: Math.max(1, Math.round(SECONDS / 2)) });
      last = await run({ ...bell, seconds: Math.max(1, Math.round(SECONDS / 2)) });
      ratios.push(last.rps / f.rps);
    }
    console.log(
      `  GET /api/notifications/unread-count: ${Math.round(last.rps)} req/s  p50 ${last.p50} ms  p99 ${last.p99} ms  ${median(ratios).toFixed(2)} of floor (median of 3 rounds)${last.non2xx ? `  (${last.non2xx} non-2xx)` : ''}`,
    );
    const alone = await timeSaves(server.base, savers.alone);
    const fanout = await timeSaves(server.base, savers.fanout);
    const saved = performance.now();
    const followerBell = async () => {
      const res = await fetch(`${server.base}/api/notifications/unread-count`, {
        headers: { cookie: savers.follower },
      });
      return (await res.json()) as { unread: number };
    };
    while ((await followerBell()).unread < savers.fanout.length) {
      if (performance.now() - saved > 60_000) throw new Error('the fan-out did not finish in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const told = performance.now() - saved;
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(1)} ms, slowest ${Math.max(...xs).toFixed(1)} ms`;
    console.log(`  a save that notifies nobody (${alone.length}): ${fmt(alone)}`);
    console.log(
      `  a save that notifies ${FOLLOWERS} followers (${fanout.length}): ${fmt(fanout)} (target: slowest <= 50 ms)`,
    );
    console.log(
      `  the fan-out job: a follower's bell counted all ${fanout.length} savers' notifications ${told.toFixed(0)} ms after the last save`,
    );
  } finally {
    await server.stop();
    floor.stop();
  }
}

const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('build failed');
console.log(`== Notifications (${os.cpus().length} cores) ==`);
if (process.env.BENCH_PGLITE !== '0') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-'));
  try {
    await firstStart({ DATA_DIR: dataDir });
    const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
    const cookies = await seedRoutes(database.db, { USERS, WORKOUTS, SESSIONS });
    const savers = await seedNotifications(database.db);
    await database.close();
    await benchTarget('PGlite', { DATA_DIR: dataDir }, cookies, savers);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const name = `fitbench_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    await firstStart({ DATABASE_URL: u.toString() });
    const database = await openPostgres(u.toString(), { max: 2 });
    const cookies = await seedRoutes(database.db, { USERS, WORKOUTS, SESSIONS });
    const savers = await seedNotifications(database.db);
    await database.close();
    await benchTarget('PostgreSQL', { DATABASE_URL: u.toString() }, cookies, savers);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
