// `npm run bench:scale`: FitBench at the size it is built for, on PostgreSQL. 1M members, 10M sets
// over two years across the five challenges, 10k clubs and a follow graph with a long tail (seeded
// by bench/lib/scale-seed.ts into the database SCALE_DB, kept between runs), then, as `npm start`
// serves it with DATABASE_URL: every board (each period, age band, gender, verified, following,
// club, each challenge), a profile, the feed, the bell's count, where you stand and saves of 20
// members, each as a ratio to a bare Fastify floor loaded in turns with it (50 connections); the
// first board of a new period; a restart; a migration that adds a column and an index to the sets
// while saves run; a backup and a restore (pg_dump, pg_restore); the bytes per member and per set.
// SCALE_MEMBERS, SCALE_SETS, SCALE_CLUBS and SCALE_FOLLOWS shrink it for a quick try;
// BENCH_DATABASE_URL names the server (default: the local one, database postgres).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CATALOGUE, canOpen } from '../common/challenges';
import { LEADERBOARD_PERIODS } from '../common/leaderboard';
import {
  type LoadResult,
  ROUNDS,
  ROUND_SECONDS,
  combined,
  load,
  median,
  run,
  seconds,
  settle,
  startFloor,
  startServer,
} from './lib/bench-server';
import { fmt, SAVE_LOAD, type Row } from './lib/route-saves';
import { scaleDatabase, seedScale } from './lib/scale-seed';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.SCALE_DB ?? 'fitbench_scale';
const SIZE = {
  members: Number(process.env.SCALE_MEMBERS ?? 1_000_000),
  sets: Number(process.env.SCALE_SETS ?? 10_000_000),
  clubs: Number(process.env.SCALE_CLUBS ?? 10_000),
  follows: Number(process.env.SCALE_FOLLOWS ?? 5),
};
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const TZ = 'Europe/Paris';
const tz = `tz=${encodeURIComponent(TZ)}`;

/** A route measured in turns with the floor: ROUNDS rounds, each after ROUND_SECONDS of the floor. */
async function measurer(floorUrl: string, rows: Row[], floor: number) {
  return async (route: string, opts: Record<string, unknown>) => {
    const probe = await run({ ...opts, seconds: 1 });
    if (probe.non2xx > 0 && probe.rps > 0 && probe.non2xx >= probe.rps * 0.5) {
      console.log(`  ${route.padEnd(54)} answered non-2xx: skipped`);
      return;
    }
    const rounds: { r: LoadResult; floor: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const f = await run({ url: floorUrl, seconds: ROUND_SECONDS });
      rounds.push({ floor: f.rps, r: await run({ ...opts, seconds: ROUND_SECONDS }) });
    }
    const row = {
      route,
      r: combined(rounds.map((x) => x.r)),
      ratio: median(rounds.map((x) => x.r.rps / x.floor)),
    };
    rows.push(row);
    console.log(fmt(floor, row));
  };
}

/** Saves by one member every few ms while `during` runs: the slowest save, in ms. */
async function savesBeside(base: string, cookie: string, during: () => Promise<void>) {
  let saving = true;
  let worst = 0;
  let count = 0;
  const saver = (async () => {
    while (saving) {
      const t0 = performance.now();
      await fetch(`${base}/api/workouts`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ pushups: 30 }),
      }).then((r) => r.arrayBuffer());
      worst = Math.max(worst, performance.now() - t0);
      count += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    await during();
  } finally {
    saving = false;
    await saver;
  }
  return { worst, count };
}

async function timedQuery(client: pg.Client, text: string) {
  const t0 = performance.now();
  await client.query(text);
  return performance.now() - t0;
}

async function main() {
  console.log(`Scale bench on PostgreSQL (load average ${load()}, ${os.cpus().length} cores)`);
  const url = await scaleDatabase(ADMIN_URL, DB_NAME);
  const cookies = await seedScale(url, SIZE);
  // Every challenge the catalogue can open, not only those open by default.
  const env = {
    DATABASE_URL: url,
    CHALLENGES: CATALOGUE.filter(canOpen)
      .map((e) => e.id)
      .join(','),
  };

  const floorServer = await startFloor();
  const first = await run({ url: floorServer.url, seconds: ROUND_SECONDS });
  console.log(`  floor: ${Math.round(first.rps)} req/s  p99 ${first.p99} ms`);
  const server = await startServer(env);
  const rows: Row[] = [];
  try {
    console.log(`  start on the data: ${seconds(server.startMs)} s to the first answer`);
    await settle(server.child.pid!);
    const measure = await measurer(floorServer.url, rows, first.rps);
    const b = server.base;
    for (const cookie of cookies) await fetch(`${b}/api/user`, { headers: { cookie } });
    const signedIn = { cookies, headers: BROWSER };

    await measure('GET /api/health', { url: `${b}/api/health` });
    await measure('GET /api/ready (one query)', { url: `${b}/api/ready` });
    // Every challenge's boards of every period, as the browser client asks for them.
    for (const entry of CATALOGUE.filter(canOpen)) {
      for (const period of LEADERBOARD_PERIODS) {
        await measure(`board ${entry.id} ${period}`, {
          url: `${b}/api/leaderboard/${period}?challenge=${entry.id}&${tz}`,
          headers: BROWSER,
        });
      }
    }
    const week = `${b}/api/leaderboard/week?${tz}`;
    await measure('board week, 30-39', { url: `${week}&ageGroup=30-39`, headers: BROWSER });
    await measure('board week, women', { url: `${week}&gender=female`, headers: BROWSER });
    await measure('board week, women 30-39', {
      url: `${week}&gender=female&ageGroup=30-39`,
      headers: BROWSER,
    });
    await measure('board week, verified', { url: `${week}&verified=true`, headers: BROWSER });
    await measure('board all time, verified', {
      url: `${b}/api/leaderboard/all_time?verified=true&${tz}`,
      headers: BROWSER,
    });
    await measure('board week, following (signed in)', {
      url: `${week}&scope=following`,
      ...signedIn,
    });
    await measure('board week, club 1 (the largest)', {
      url: `${b}/api/clubs/club-1/leaderboard/week?${tz}`,
      ...signedIn,
    });
    await measure('public profile (the most followed)', {
      url: `${b}/api/users/bench_1`,
      headers: BROWSER,
    });
    await measure('public profile (a member of the tail)', {
      url: `${b}/api/users/bench_${Math.floor(SIZE.members / 2)}`,
      headers: BROWSER,
    });
    await measure('where you stand (push-ups)', {
      url: `${b}/api/challenges/pushup-90/standing`,
      ...signedIn,
    });
    await measure('the feed', { url: `${b}/api/feed`, ...signedIn });
    await measure("the bell's count", { url: `${b}/api/notifications/unread-count`, ...signedIn });
    await measure('POST /api/workouts (20 members, 20 connections)', {
      ...SAVE_LOAD,
      url: `${b}/api/workouts`,
      cookies: cookies.slice(0, 20),
    });

    // The first board of a period nobody asked for (a zone whose day starts at its own offset).
    const t0 = performance.now();
    await fetch(`${b}/api/leaderboard/today?tz=Asia/Kathmandu`).then((r) => r.arrayBuffer());
    console.log(`  first board of a new period: ${(performance.now() - t0).toFixed(0)} ms`);

    // A migration on the sets while saves run: a column, then an index built concurrently.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const ddl: string[] = [];
      const saves = await savesBeside(b, cookies[1]!, async () => {
        ddl.push(
          `add column ${(await timedQuery(client, 'alter table workouts add column bench_probe integer')).toFixed(0)} ms`,
        );
        ddl.push(
          `index ${(await timedQuery(client, 'create index concurrently bench_probe_idx on workouts (bench_probe)')).toFixed(0)} ms`,
        );
      });
      console.log(
        `  a migration beside saves: ${ddl.join(', ')}; ${saves.count} saves meanwhile, the slowest ${saves.worst.toFixed(0)} ms`,
      );
      await client.query('drop index bench_probe_idx');
      await client.query('alter table workouts drop column bench_probe');
      const bytes = await client.query<{ db: string; sets: string; members: string }>(`
        select pg_database_size(current_database())::text as db,
          (select count(*) from workouts)::text as sets, (select count(*) from users)::text as members`);
      const size = await client.query<{ w: string; u: string }>(`
        select pg_total_relation_size('workouts')::text as w, pg_total_relation_size('users')::text as u`);
      const { db, sets, members } = bytes.rows[0]!;
      console.log(
        `  bytes: the database ${(Number(db) / 2 ** 30).toFixed(2)} GiB; ${(Number(db) / Number(members)).toFixed(0)} per member in all; the sets table ${(Number(size.rows[0]!.w) / Number(sets)).toFixed(0)} per set; the members table ${(Number(size.rows[0]!.u) / Number(members)).toFixed(0)} per member`,
      );
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }

  // A restart on the data, the machine otherwise quiet.
  const again = await startServer(env);
  console.log(`  restart: ${seconds(again.startMs)} s to the first answer`);
  await again.stop();
  floorServer.stop();

  // A backup and a restore, as docs/deploy.md says to back up PostgreSQL.
  const dump = path.join(os.tmpdir(), `${DB_NAME}.dump`);
  let t = performance.now();
  const d = spawnSync('pg_dump', ['-Fc', '-Z1', '-f', dump, url], { stdio: 'inherit' });
  if (d.status === 0) {
    console.log(
      `  backup (pg_dump -Fc): ${((performance.now() - t) / 1000).toFixed(1)} s, ${(fs.statSync(dump).size / 2 ** 20).toFixed(0)} MiB`,
    );
    const target = new URL(url);
    target.pathname = `/${DB_NAME}_restore`;
    spawnSync('dropdb', ['--if-exists', '-d', ADMIN_URL, `${DB_NAME}_restore`]);
    spawnSync('psql', [ADMIN_URL, '-qc', `create database ${DB_NAME}_restore`]);
    t = performance.now();
    const r = spawnSync('pg_restore', ['-j', '2', '-d', target.toString(), dump], {
      stdio: 'inherit',
    });
    console.log(
      `  restore (pg_restore -j 2): ${((performance.now() - t) / 1000).toFixed(1)} s${r.status ? ` (exit ${r.status})` : ''}`,
    );
    spawnSync('psql', [ADMIN_URL, '-qc', `drop database ${DB_NAME}_restore`]);
    fs.rmSync(dump, { force: true });
  } else console.log('  backup: pg_dump failed');

  const missed = rows
    .filter((r) => r.route.startsWith('GET') || !r.route.startsWith('POST'))
    .filter((r) => (r.ratio ?? 1) < 0.3);
  console.log(
    `\nReads under 0.3 of the floor: ${missed.length ? missed.map((r) => r.route).join('; ') : 'none'}; p99 over 50 ms: ${
      rows
        .filter((r) => r.r.p99 > 50)
        .map((r) => r.route)
        .join('; ') || 'none'
    } (load average ${load()})`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
