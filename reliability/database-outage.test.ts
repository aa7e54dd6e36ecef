import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allWorkoutIds, register, sleep, type Member } from './helpers/api';
import { runLoad, settlePending } from './helpers/load';
import { createCluster, type Cluster } from './helpers/pg-cluster';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// PostgreSQL stops (pg_ctl stop -m immediate) for 3 s under load: the app answers 503 quickly,
// keeps its process, recovers, and loses no acknowledged write.
// See docs/decisions/0038-database-outages.md.
let cluster: Cluster;
let server: Server;
beforeAll(async () => {
  cluster = await createCluster();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database fitbench');
  await admin.end();
  server = await startServer({ DATABASE_URL: cluster.url('fitbench') });
  await waitReady(server);
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  cluster?.destroy();
});

describe('database restart while serving', () => {
  it('answers 503 with JSON within 5 s during the outage, keeps its PID, recovers, loses nothing', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 4; i++) members.push(await register(server.base, `outage${i}`));
    // Everyone follows everyone, so the saves leave fan-out jobs (beat-your-best, top 10) that the
    // job runs through the outage too.
    for (const a of members)
      for (const b of members)
        if (a !== b) {
          const res = await fetch(`${server.base}/api/following/${b.username}`, {
            method: 'PUT',
            headers: { cookie: a.cookie },
          });
          expect(res.status).toBe(204);
        }
    const pid = server.child.pid;
    const load = runLoad(() => server.base, members, 8);
    await sleep(2_000);

    const down = Date.now();
    cluster.stopImmediate();
    await sleep(1_000);
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { message: string }).message).toMatch(/database/i);
    await sleep(2_000);
    cluster.start();
    const back = Date.now();
    await sleep(8_000);
    await load.stop();

    const during = load.samples.filter((s) => s.start >= down + 100 && s.end <= back);
    const after = load.samples.filter((s) => s.start >= back + 5_000);
    const slowest = Math.max(...load.samples.map((s) => s.end - s.start));
    const firstOk = load.samples
      .filter((s) => s.start >= back && s.status >= 200 && s.status < 300)
      .sort((a, b) => a.start - b.start)[0];
    const okAfter = after.filter((s) => s.status >= 200 && s.status < 300).length;
    console.log(
      `outage: ${during.length} requests during (statuses ${[...new Set(during.map((s) => s.status))].join(',')}), ` +
        `slowest of all ${slowest} ms; first success ${firstOk ? firstOk.start - back : 'none'} ms after restart; ` +
        `${okAfter}/${after.length} ok from 5 s after; ${load.acked.size} saves acknowledged, ${load.pending.size} unknown`,
    );

    expect(server.child.exitCode).toBeNull();
    expect(server.child.pid).toBe(pid);
    expect(during.length).toBeGreaterThan(10);
    // Every request got an HTTP answer (no connection error, no hang past 5 s) ...
    expect(load.samples.filter((s) => s.status === 0)).toEqual([]);
    expect(slowest).toBeLessThan(5_000);
    // ... and while the database was down, that answer was a 503 with a JSON message.
    for (const s of during) {
      if (s.status !== 503) expect(s.status).toBeLessThan(300);
      else expect(s.jsonMessage).toBe(true);
    }
    expect(during.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(50);
    expect(okAfter / after.length).toBeGreaterThanOrEqual(0.99);
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);

    // No acknowledged write lost; the unknown ones land exactly once when retried with their key.
    await settlePending(server.base, load);
    for (const m of members) {
      const ids = new Set(await allWorkoutIds(server.base, m));
      const mine = [...load.acked.values()].filter((a) => a.member === m).map((a) => a.id);
      expect(mine.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBe(mine.length);
    }

    // The fan-out job lived through the outage: its batch under way when the database went was
    // rolled back and taken again, so every job is done, and followers were told.
    const db = new pg.Client({ connectionString: cluster.url('fitbench') });
    await db.connect();
    try {
      const waiting = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from notification_jobs')).rows[0]!
          .n;
      for (let t0 = Date.now(); (await waiting()) > 0 && Date.now() - t0 < 60_000;)
        await sleep(250);
      expect(await waiting()).toBe(0);
      const told = await db.query<{ n: number }>(
        `select count(*)::int as n from notifications where kind = 'beat-your-best'`,
      );
      expect(told.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  }, 150_000);

  it('started while the database is down, waits with growing delays and says so, then serves', async () => {
    await stopServer(server, 'SIGTERM');
    cluster.stopImmediate();
    server = await startServer({ DATABASE_URL: cluster.url('fitbench') });
    // Wait (CPU allowing) until it has retried a few times, each time waiting longer.
    const retries = () =>
      server.output().match(/database unavailable at start \(attempt \d+/g) ?? [];
    for (let t0 = Date.now(); retries().length < 4 && Date.now() - t0 < 60_000;) await sleep(200);
    expect(server.child.exitCode).toBeNull();
    expect(retries().length).toBeGreaterThanOrEqual(4);
    expect(server.output()).toMatch(
      /retrying in 250 ms[\s\S]*retrying in 500 ms[\s\S]*retrying in 1000 ms/,
    );
    expect(await fetch(`${server.base}/api/health`).catch(() => null)).toBeNull();
    cluster.start();
    await waitReady(server, 60_000);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
