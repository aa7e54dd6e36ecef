// Notification figures (docs/decisions/0256-fan-out-on-write.md, 0271, 0315), of the server as
// shipped (npm start's compiled server), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL:
// - the bell's count (GET /api/notifications/unread-count, 500 members with 200 notifications
//   each, 50 unread) under load, as a ratio to the floor (a bare Fastify hello route loaded just
//   before it, as bench/routes.ts does);
// - saves that each notify 1,000 followers ("beat your best": the save writes a job row, the
//   fan-out job makes the notifications, docs/decisions/0271-notifications-off-the-save-path.md)
//   beside saves of members nobody follows, the baseline: first BENCH_FANOUT of each (default 20)
//   timed one at a time (the save target: the slowest save <= 50 ms, docs/benchmarks.md), then
//   BENCH_ROUNDS rounds (default 3) of BENCH_FANOUT_LOAD saves of each kind (default 100) on 20
//   connections, every save a different member's first (a follower is told once per best passed,
//   so only a first save notifies all 1,000): saves/s of each kind and their ratio, per round;
//   - after each batch of notifying saves, how long until the watched follower's bell counts every
//   saver's notification (the job's delay: its 250 ms timer, then 1,000 rows per save), and at the
//   end, once the server has stopped, that every follower got every notification.
// A follower's feed needs no fan-out: it is read from the follows at read time (the set is on it
// when the save answers).
// Run: npx tsx bench/notifications.ts  (BENCH_USERS, BENCH_WORKOUTS, BENCH_SECONDS shrink it.)
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf, type Db } from '../server/src/db/client';
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
import { withScratchDatabase } from './lib/scratch-database';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const WORKOUTS = Number(process.env.BENCH_WORKOUTS ?? 200_000);
const SESSIONS = 500;
const FOLLOWERS = 1_000;
const SAVERS = Number(process.env.BENCH_FANOUT ?? 20);
const LOAD_SAVERS = Number(process.env.BENCH_FANOUT_LOAD ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Above the followers' bests (so each is told), under every board's top 10 (so neither kind of
// save changes one: the top-10 checks would cost the first saves of the run, whichever kind).
const SCORE = 60;

interface Savers {
  one: { fanout: string[]; alone: string[] };
  load: { fanout: string[][]; alone: string[][] };
  follower: string;
}

/** `n` new members (registered long ago), signed in: their cookies. */
async function members(
  db: Db,
  kind: string,
  n: number,
): Promise<{ ids: number[]; cookies: string[] }> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into users (username, email, password_hash, created_at)
      select ${kind} || '_' || g, ${kind} || '_' || g || '@example.com', 'not-a-real-hash',
        now() - interval '400 days'
      from generate_series(1, ${n}::int) g returning id`,
  );
  const ids = rows.map((r) => Number(r.id));
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  const sessions = ids.map((u, i) => ({
    h: createHash('sha256').update(tokens[i]!).digest('hex'),
    u,
  }));
  await db.execute(sql`insert into sessions (id, user_id, expires_at, last_seen_at)
    select x.h, x.u, now() + interval '30 days', now()
    from json_to_recordset(${JSON.stringify(sessions)}::json) as x(h text, u int)`);
  return { ids, cookies: tokens.map((t) => `fitbench_session=${t}`) };
}

/** Notifications for the members with sessions; savers with 1,000 followers each, and without. */
async function seedNotifications(db: Db): Promise<Savers> {
  const t0 = performance.now();
  await db.execute(sql`
    insert into notifications (recipient_id, kind, actor_id, key, created_at, read_at)
    select r, 'followed', 1000 + k, 'followed:bench:' || k, now() - k * interval '1 minute',
      case when k > 50 then now() end
    from generate_series(1, ${SESSIONS}) r, generate_series(1, 200) k`);
  const fanout = await members(db, 'saver_fanout', SAVERS + ROUNDS * LOAD_SAVERS);
  const alone = await members(db, 'saver_alone', SAVERS + ROUNDS * LOAD_SAVERS);
  // The same 1,000 follow every notifying saver: members with a best under the saves' score.
  await db.execute(sql`insert into follows (follower_id, followee_id)
    select b.user_id, s.id
    from (select b.user_id from standing_bests b
      where b.challenge = 'pushup-90' and not b.verified and b.rank_value < ${SCORE}::int
        and b.user_id > ${SESSIONS}::int
      order by b.user_id limit ${FOLLOWERS}::int) b
    cross join json_to_recordset(${JSON.stringify(fanout.ids.map((id) => ({ id })))}::json) as s(id int)`);
  const [first] = await rowsOf<{ id: number }>(
    db,
    sql`select min(follower_id) as id from follows where followee_id = ${fanout.ids[0]!}::int`,
  );
  const follower = await session(db, Number(first!.id));
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  seeded notifications and ${(fanout.ids.length * 2).toLocaleString()} savers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const rounds = (c: string[]) =>
    Array.from({ length: ROUNDS }, (_, i) =>
      c.slice(SAVERS + i * LOAD_SAVERS, SAVERS + (i + 1) * LOAD_SAVERS),
    );
  return {
    one: { fanout: fanout.cookies.slice(0, SAVERS), alone: alone.cookies.slice(0, SAVERS) },
    load: { fanout: rounds(fanout.cookies), alone: rounds(alone.cookies) },
    follower,
  };
}

async function session(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const id = createHash('sha256').update(token).digest('hex');
  await db.execute(sql`insert into sessions (id, user_id, expires_at, last_seen_at)
    values (${id}, ${userId}, now() + interval '30 days', now())`);
  return `fitbench_session=${token}`;
}

const saveBody = JSON.stringify({ pushups: SCORE });

async function timeSaves(base: string, cookies: string[]): Promise<number[]> {
  const ms: number[] = [];
  for (const cookie of cookies) {
    const t = performance.now();
    const res = await fetch(`${base}/api/workouts`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: saveBody,
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`save answered ${res.status}`);
    ms.push(performance.now() - t);
  }
  return ms;
}

/**
 * Each member saves once, 20 at a time: saves/s (answered over the wall time from the first
 * request to the last answer) and p99. A loop of its own, not autocannon: a run of a few hundred
 * requests is shorter than autocannon's one-second samples.
 */
async function loadSaves(base: string, cookies: string[]) {
  const ms: number[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      ms.push(...(await timeSaves(base, [cookie])));
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  const wall = performance.now() - t0;
  const sorted = ms.sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
  return { perSecond: (cookies.length * 1000) / wall, p99: Math.round(p99), started: t0 };
}

async function benchTarget(
  name: string,
  env: Record<string, string>,
  cookies: string[],
  savers: Savers,
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
      `  GET /api/notifications/unread-count: ${Math.round(last.rps)} req/s  p50 ${last.p50} ms  p99 ${last.p99} ms  ${median(ratios).toFixed(3)} of floor (median of 3 rounds)${last.non2xx ? `  (${last.non2xx} non-2xx)` : ''}`,
    );

    // The watched follower's bell: one notification per notifying saver, once the job made it.
    let told = 0;
    const allTold = async (expected: number, since: number) => {
      for (;;) {
        const res = await fetch(`${server.base}/api/notifications/unread-count`, {
          headers: { cookie: savers.follower },
        });
        told = ((await res.json()) as { unread: number }).unread;
        if (told >= expected) return performance.now() - since;
        if (performance.now() - since > 120_000)
          throw new Error(`the fan-out did not finish in 120 s (${told} of ${expected})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(1)} ms, slowest ${Math.max(...xs).toFixed(1)} ms`;
    // In turns, so that both kinds meet the same machine.
    const alone: number[] = [];
    const fanout: number[] = [];
    for (let i = 0; i < savers.one.alone.length; i++) {
      alone.push(...(await timeSaves(server.base, [savers.one.alone[i]!])));
      fanout.push(...(await timeSaves(server.base, [savers.one.fanout[i]!])));
    }
    const oneDelay = await allTold(savers.one.fanout.length, performance.now());
    console.log(`  one at a time, a save that notifies nobody (${alone.length}): ${fmt(alone)}`);
    console.log(
      `  one at a time, a save that notifies ${FOLLOWERS} followers (${fanout.length}): ${fmt(fanout)} (target: slowest <= 50 ms); every follower told ${oneDelay.toFixed(0)} ms after the last`,
    );

    console.log(
      `  ${LOAD_SAVERS} saves of each kind per round, 20 connections, each a member's first (load average ${load()}):`,
    );
    const rounds: { ratio: number; delay: number; done: number }[] = [];
    let expected = savers.one.fanout.length;
    for (let i = 0; i < ROUNDS; i++) {
      // Alternately first: neither kind always meets a machine just freed by the other.
      const kinds = i % 2 ? (['fanout', 'alone'] as const) : (['alone', 'fanout'] as const);
      const got: Record<string, Awaited<ReturnType<typeof loadSaves>>> = {};
      let delay = 0;
      let done = 0;
      for (const kind of kinds) {
        got[kind] = await loadSaves(server.base, savers.load[kind][i]!);
        if (kind !== 'fanout') continue;
        // Every follower told before anything else runs: the other kind meets a quiet job.
        const answered = performance.now();
        expected += savers.load.fanout[i]!.length;
        delay = await allTold(expected, answered);
        done = answered + delay - got[kind].started;
      }
      const a = got.alone!;
      const b = got.fanout!;
      rounds.push({ ratio: b.perSecond / a.perSecond, delay, done });
      console.log(
        `    round ${i + 1}: nobody told ${a.perSecond.toFixed(0)} saves/s (p99 ${a.p99} ms), ${FOLLOWERS} followers told ${b.perSecond.toFixed(0)} saves/s (p99 ${b.p99} ms): ${(b.perSecond / a.perSecond).toFixed(2)} of the baseline; every follower told ${delay.toFixed(0)} ms after the last save answered, ${(done / 1000).toFixed(1)} s after the first notifying save`,
      );
    }
    const doneMs = median(rounds.map((r) => r.done));
    console.log(
      `  saves that notify ${FOLLOWERS} followers: ${median(rounds.map((r) => r.ratio)).toFixed(2)} of the baseline's saves/s (median of ${ROUNDS} rounds); every follower told ${median(rounds.map((r) => r.delay)).toFixed(0)} ms after the last save answered (median), ${(((LOAD_SAVERS * FOLLOWERS) / doneMs) * 1000).toFixed(0)} notifications/s from the first save`,
    );
  } finally {
    await server.stop();
    floor.stop();
  }
}

/** Once the server has stopped: every follower has one notification per notifying saver. */
async function checkEveryone(db: Db, savers: Savers) {
  const want = (savers.one.fanout.length + ROUNDS * LOAD_SAVERS) * FOLLOWERS;
  const [row] = await rowsOf<{ n: number; jobs: number }>(
    db,
    sql`select (select count(*)::int from notifications where kind = 'beat-your-best') as n,
      (select count(*)::int from notification_jobs) as jobs`,
  );
  console.log(
    `  beat-your-best notifications: ${row!.n.toLocaleString()} of ${want.toLocaleString()} (${row!.jobs} jobs left)${row!.n === want ? '' : '  MISSING'}`,
  );
}

const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('build failed');
console.log(`== Notifications (${os.cpus().length} cores) ==`);
if (process.env.BENCH_PGLITE !== '0') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitbench-bench-'));
  const open = () => openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    await firstStart({ DATA_DIR: dataDir });
    let database = await open();
    const cookies = await seedRoutes(database.db, { USERS, WORKOUTS, SESSIONS });
    const savers = await seedNotifications(database.db);
    await database.close();
    await benchTarget('PGlite', { DATA_DIR: dataDir }, cookies, savers);
    database = await open();
    await checkEveryone(database.db, savers);
    await database.close();
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
    const savers = await seedNotifications(database.db);
    await database.close();
    await benchTarget('PostgreSQL', { DATABASE_URL: databaseUrl }, cookies, savers);
    const again = await openPostgres(databaseUrl, { max: 1 });
    await checkEveryone(again.db, savers);
    await again.close();
  });
}
