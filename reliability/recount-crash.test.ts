import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceClip, faceTrace, type FaceClipOptions } from '../server/src/test/recount-clips';
import { register, sleep } from './helpers/api';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database';
import { startServer, stopServer, waitReady, type Server } from './helpers/server';

// A recount cut short by a crash (docs/decisions/0241-the-recount-queue.md,
// docs/decisions/0279-one-detector-setting-and-a-killed-recount.md): two app processes on one
// PostgreSQL, a camera set saved with its trace and its 85 s proof clip uploaded as the device
// does, the process whose name is on the running recount killed with SIGKILL while it counts, and
// the other one, once the dead one's lock has expired, recounts the clip to its end: one result,
// the set recounted and on the Verified board once.
const LOCK_SECONDS = 10;
const person: FaceClipOptions = {
  leadSeconds: 4,
  reps: 40,
  repSeconds: 2,
  depth: 2.4,
  tailSeconds: 10,
  repJitter: 0.1,
};

let webm: string;
let db: FreshDatabase;
let sql: pg.Client;
const servers: Server[] = [];
beforeAll(async () => {
  // Made before the servers start (ffmpeg, minutes on a busy machine).
  webm = faceClip(person).toString('base64');
  db = await freshDatabase('fitbench_recount_crash');
  const env = {
    DATABASE_URL: db.url,
    RECOUNT_CONCURRENCY: '1',
    RECOUNT_POLL_SECONDS: '1',
    RECOUNT_LOCK_SECONDS: String(LOCK_SECONDS),
  };
  // One after the other: the first applies the migrations alone. A start whose first connection
  // took over the server's 2 s (a machine shared with other work) exits: it is started again, as a
  // supervisor would; the start is not what this file proves.
  for (let i = 0; i < 2; i++) {
    for (let attempt = 1; ; attempt++) {
      const server = await startServer(env);
      try {
        await waitReady(server, 120_000);
        servers.push(server);
        break;
      } catch (err) {
        await stopServer(server);
        if (attempt === 5) throw err;
      }
    }
  }
  sql = new pg.Client({ connectionString: db.url });
  sql.on('error', () => undefined);
  await sql.connect();
}, 300_000);
afterAll(async () => {
  await sql?.end().catch(() => undefined);
  await Promise.all(servers.map((s) => stopServer(s)));
  await db?.drop();
});

interface Job {
  state: string;
  attempts: number;
  locked_by: string | null;
  outcome: string | null;
  server_count: number | null;
  tier: string;
}
const jobOf = async (id: number): Promise<Job | undefined> =>
  (
    await sql.query<Job>(
      `select r.state, r.attempts, r.locked_by, r.outcome, r.server_count, w.tier
       from workouts w left join clip_recounts r on r.workout_id = w.id where w.id = $1`,
      [id],
    )
  ).rows[0];

/** Polls until `done` says yes of the job; fails with the servers' output after `ms`. */
async function waitFor(id: number, done: (j: Job) => boolean, ms: number): Promise<Job> {
  const t0 = Date.now();
  for (;;) {
    const job = await jobOf(id);
    if (job && done(job)) return job;
    if (Date.now() - t0 > ms)
      throw new Error(
        `job ${JSON.stringify(job)} after ${ms} ms:\n${servers.map((s) => s.output()).join('\n')}`,
      );
    await sleep(100);
  }
}

/**
 * A GET on a new connection, tried twice: the poll above leaves the kept-alive one idle for
 * minutes, and the server closes idle connections.
 */
async function getAgain(url: string): Promise<Response> {
  try {
    return await fetch(url, { keepalive: false });
  } catch {
    return fetch(url, { keepalive: false });
  }
}

/** The server whose process id is in the lock's name (`host:pid:random`). */
const holderOf = (job: Job) =>
  servers.find((s) => job.locked_by?.split(':')[1] === String(s.child.pid));

describe('a recount killed mid-way', () => {
  it(
    'is finished once by the other instance, the set recounted',
    { timeout: 900_000 },
    async () => {
      const [a] = servers as [Server, Server];
      const m = await register(a.base, 'recountcrash');
      const saved = await fetch(`${a.base}/api/workouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: m.cookie },
        body: JSON.stringify({
          pushups: person.reps,
          verification: { method: 'camera-face', trace: faceTrace(person) },
        }),
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      const { id, tier } = (await saved.json()) as { id: number; tier: string };
      expect(tier).toBe('camera-counted');

      const put = await fetch(`${a.base}/api/workouts/${id}/clip`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: m.cookie },
        body: JSON.stringify({ webm }),
      });
      expect(put.status, await put.clone().text()).toBe(200);

      // One instance claims the recount (its name on the lock) and starts counting; it is killed
      // with the job running: decoding and detection take seconds of a core.
      const running = await waitFor(id, (j) => j.state === 'running', 60_000);
      const victim = holderOf(running);
      expect(victim, running.locked_by ?? 'no lock').toBeDefined();
      const survivor = servers.find((s) => s !== victim)!;
      await sleep(1_500);
      expect(await jobOf(id)).toMatchObject({ state: 'running', locked_by: running.locked_by });
      victim!.kill('SIGKILL');
      expect(await victim!.exited).toBeNull();

      // The other takes it once the dead one's lock has expired, and counts it to its end.
      const done = await waitFor(id, (j) => j.state === 'done', 840_000);
      expect(done).toMatchObject({
        state: 'done',
        outcome: 'recounted',
        server_count: person.reps,
        tier: 'recounted',
      });
      expect(done.attempts).toBe(2);
      expect(holderOf(done)).toBe(survivor);

      // On the Verified board once, as recounted, read from the instance still up.
      const board = (await (
        await getAgain(`${survivor.base}/api/leaderboard/all_time?verified=true&limit=100`)
      ).json()) as { id: number; tier: string }[];
      expect(board.filter((e) => e.id === id)).toEqual([
        expect.objectContaining({ id, tier: 'recounted' }),
      ]);
      // Nothing left to run, and the survivor is healthy.
      const left = await sql.query(
        `select count(*)::int as n from clip_recounts where state <> 'done'`,
      );
      expect(left.rows[0].n).toBe(0);
      expect((await getAgain(`${survivor.base}/api/ready`)).status).toBe(200);
    },
  );
});
