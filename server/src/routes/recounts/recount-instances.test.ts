import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { rowsOf, type Database, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { workoutClips } from '../../db/schema';
import { openTestDatabase } from '../../test/db';
import { createUser } from '../../test/factories';
import { faceClip, faceTrace, type FaceClipOptions } from '../../test/recount-clips';
import { claimRecount, queueRecount } from './recount-jobs';

// Two app instances on one PostgreSQL, each with its own pool as a second process has
// (docs/decisions/0241-the-recount-queue.md): every clip is recounted once, by one of them, and a
// recount left running by an instance that stopped is taken again once its lock has expired.
// PostgreSQL only: on PGlite there is one process (and the real clips run in ./recounts.test.ts).
const LOCK_SECONDS = 30;
const person: FaceClipOptions = {
  leadSeconds: 2,
  reps: 6,
  repSeconds: 1.7,
  depth: 2.4,
  tailSeconds: 1,
  repJitter: 0.12,
};

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('recounts on two instances', () => {
  let database: Database;
  let pool: pg.Pool;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await openTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    const make = (db: Db) => buildApp({ db, config: { recountLockSeconds: LOCK_SECONDS } });
    [a, b] = await Promise.all([
      make(database.db),
      make(drizzlePg(pool, { schema }) as unknown as Db),
    ]);
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await pool?.end();
    await database?.close();
  });

  async function cameraSetWithClip(): Promise<number> {
    const u = await createUser(a);
    const res = await a.inject({
      method: 'POST',
      url: '/api/workouts',
      headers: u.headers,
      payload: {
        pushups: person.reps,
        verification: { method: 'camera-face', trace: faceTrace(person) },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await a.db.insert(workoutClips).values({
      workoutId: id,
      userId: u.id,
      bytes: faceClip(person),
      codec: 'vp8',
      width: 160,
      height: 120,
      frames: 140,
      durationMs: 14_000,
    });
    await queueRecount(a.db, id);
    return id;
  }

  const jobs = (ids: number[]) =>
    rowsOf<{ workout_id: number; state: string; attempts: number; outcome: string; tier: string }>(
      a.db,
      sql`select r.workout_id, r.state, r.attempts, r.outcome, w.tier from clip_recounts r
        join workouts w on w.id = r.workout_id where r.workout_id = any(${`{${ids.join(',')}}`}::int[]) order by r.workout_id`,
    );

  it('each clip is recounted once, by one instance', { timeout: 300_000 }, async () => {
    const ids = [await cameraSetWithClip(), await cameraSetWithClip(), await cameraSetWithClip()];
    const [byA, byB] = await Promise.all([a.recounts.drain(), b.recounts.drain()]);
    expect(byA + byB).toBe(3);
    for (const job of await jobs(ids))
      expect(job).toMatchObject({
        state: 'done',
        attempts: 1,
        outcome: 'recounted',
        tier: 'recounted',
      });
  });

  it(
    'a recount left running by a stopped instance is taken again after its lock',
    { timeout: 300_000 },
    async () => {
      const id = await cameraSetWithClip();
      // An instance took the job and stopped mid-recount (a restart): its lock stays.
      expect(await claimRecount(a.db, 'stopped-instance', LOCK_SECONDS)).toMatchObject({
        workoutId: id,
      });
      expect(await b.recounts.drain()).toBe(0);
      // Once the lock is older than the lock time, the next instance to look resumes it.
      await a.db.execute(sql`update clip_recounts
      set locked_at = now() - make_interval(secs => ${LOCK_SECONDS + 1}) where workout_id = ${id}`);
      expect(await b.recounts.drain()).toBe(1);
      expect(await jobs([id])).toEqual([
        expect.objectContaining({
          state: 'done',
          attempts: 2,
          outcome: 'recounted',
          tier: 'recounted',
        }),
      ]);
    },
  );
});
