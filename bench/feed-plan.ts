// The feed's query plan at scale (docs/decisions/0273-the-feeds-window.md): a PostgreSQL database
// of its own, seeded as the route bench seeds (BENCH_USERS members, default 20,000, and
// BENCH_WORKOUTS sets, default 300,000), a member who follows 100 and one who follows 2,000;
// prints EXPLAIN (ANALYZE, BUFFERS) of the first page and of a later page for each, and the
// median time of 20 reads.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed-plan.ts
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, rowsOf, type Db } from '../server/src/db/client';
import { feedQuery } from '../server/src/routes/feed/feed.service';
import { median } from './lib/bench-server';
import { seedRoutes } from './lib/route-seed';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const WORKOUTS = Number(process.env.BENCH_WORKOUTS ?? 300_000);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL=postgres://...');

async function explain(db: Db, label: string, viewer: number, cursor?: { ts: string; id: number }) {
  const q = feedQuery(viewer, { limit: 20, cursor });
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers, costs off) ${q}`,
  );
  console.log(`\n--- ${label} ---`);
  for (const r of plan) console.log(r['QUERY PLAN']);
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await rowsOf(db, q);
    ms.push(performance.now() - t);
  }
  console.log(`  ${label}: median of 20 reads ${median(ms).toFixed(1)} ms`);
}

// BENCH_FEED_DB: a database a run with BENCH_KEEP=1 kept (seeded already).
const kept = process.env.BENCH_FEED_DB;
const name = `fitbench_feedplan_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
if (!kept) await admin.query(`create database ${name}`);
const u = new URL(kept ?? url);
if (!kept) u.pathname = `/${name}`;
try {
  const database = await openPostgres(u.toString(), { max: 2 });
  const db = database.db;
  if (!kept) {
    // Members 1-500 follow 100 members each (the route bench's readers); member 1 follows 2,000.
    await seedRoutes(db, { USERS, WORKOUTS, SESSIONS: 500 });
    await db.execute(sql`insert into follows (follower_id, followee_id)
      select 1, g from generate_series(2, 2001) g on conflict do nothing`);
    await db.execute(sql`analyze`);
  }
  const [page2] = await rowsOf<{ ts: string; id: number }>(
    db,
    sql`select to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as ts, w.id
      from follows f join workouts w on w.user_id = f.followee_id where f.follower_id = 2
      order by w.created_at desc, w.id desc offset 19 limit 1`,
  );
  await explain(db, 'member 2, following 100: first page', 2);
  await explain(db, 'member 2, following 100: second page', 2, page2);
  await explain(db, 'member 1, following 2,000: first page', 1);
  await database.close();
} finally {
  // BENCH_KEEP=1 keeps the database, to try other plans by hand (psql).
  if (process.env.BENCH_KEEP || kept) console.log(`\nkept: ${u.toString()}`);
  else if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
