import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leaderboardSchema } from '@common/schemas/leaderboard';
import { simulatedAttackTrace } from '@common/testing/forged-trace';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { rowsOf } from '../../db/client';
import { workoutClips } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import { faceClip, faceTrace, zoompanClip, type FaceClipOptions } from '../../test/recount-clips';
import { testClip } from '../../test/test-clips';
import { queueRecount } from './recount-jobs';

// The server's recount of real clips, end to end on PGlite (docs/decisions/0240-recounting-proof-clips.md):
// each set is saved with its trace through the API, its clip stored and queued, and the recount
// run by the app's own runner (face detection on its thread). Clips are about 25 s, not the run's
// 90 s, to keep the file's CPU time down: the recount reads any length the same way.
// CPU heavy: PGlite only (the two-instance test on PostgreSQL is ./recount-instances.test.ts).
const t = useTestApp();

const person: FaceClipOptions = {
  leadSeconds: 2,
  reps: 12,
  repSeconds: 1.6,
  depth: 2.4,
  tailSeconds: 2,
  repJitter: 0.1,
};

async function saveCamera(u: MadeUser, pushups: number, trace: object): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: { pushups, verification: { method: 'camera-face', trace } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Keeps the clip for the set (as an accepted upload would) and queues its recount. */
async function keepClip(u: MadeUser, workoutId: number, bytes: Buffer) {
  await t.app.db.insert(workoutClips).values({
    workoutId,
    userId: u.id,
    bytes,
    codec: 'vp8',
    width: 160,
    height: 120,
    frames: 250,
    durationMs: 25_000,
  });
  await queueRecount(t.app.db, workoutId);
}

const stateOf = async (id: number) =>
  (
    await rowsOf<{
      tier: string;
      verified: boolean;
      outcome: string;
      server_count: number;
      reason: string;
    }>(
      t.app.db,
      sql`select w.tier, w.verified, r.outcome, r.server_count, r.reason from workouts w
        left join clip_recounts r on r.workout_id = w.id where w.id = ${id}`,
    )
  )[0]!;

const verifiedIds = async () => {
  const res = await t.app.inject({ url: '/api/leaderboard/all_time?verified=true' });
  return leaderboardSchema.parse(res.json()).map((e) => e.id);
};

describe.skipIf(process.env.TEST_DB_KIND !== 'pglite')('recounting proof clips', () => {
  it('each clip ends in its tier with its reason', { timeout: 600_000 }, async () => {
    const u = await createUser(t.app);
    const other = { ...person, repSeconds: 2.1, repJitter: 0.12 };
    const sets = {
      // A face moving nearer and further, as the e2e camera tests film it: counted, recounted.
      face: await saveCamera(u, 12, faceTrace(person)),
      // ffmpeg's test pattern as the clip of a set.
      pattern: await saveCamera(u, 12, faceTrace(person)),
      // A still face photo zoomed at a metronome's beat.
      zoom: await saveCamera(u, 12, faceTrace(person)),
      // A clip of 10 reps for a claim of 40.
      short: await saveCamera(u, 40, syntheticTrace({ reps: 40 })),
      // Someone else's set of as many reps, at their own pace.
      elsewhere: await saveCamera(u, 12, faceTrace(person)),
      // The forged trace of 150 (common/testing/forged-trace.ts), with a test pattern as its clip.
      forged: await saveCamera(u, 150, simulatedAttackTrace()),
    };
    // Saved camera-counted: off the Verified boards until recounted.
    for (const id of Object.values(sets))
      expect(await stateOf(id)).toMatchObject({ tier: 'camera-counted', verified: false });
    expect(await verifiedIds()).toEqual([]);

    const pattern = testClip({ seconds: 20, fps: 10, size: '160x120' });
    await keepClip(u, sets.face, faceClip(person));
    await keepClip(u, sets.pattern, pattern);
    await keepClip(u, sets.zoom, zoompanClip({ reps: 12, repFrames: 15 }));
    await keepClip(u, sets.short, faceClip({ ...person, reps: 10 }));
    await keepClip(u, sets.elsewhere, faceClip(other));
    await keepClip(u, sets.forged, pattern);
    expect(await t.app.recounts.drain()).toBe(6);

    expect(await stateOf(sets.face)).toMatchObject({
      tier: 'recounted',
      verified: true,
      outcome: 'recounted',
      server_count: 12,
    });
    expect(await stateOf(sets.pattern)).toMatchObject({
      tier: 'camera-counted',
      verified: false,
      outcome: 'no-face',
    });
    expect(await stateOf(sets.zoom)).toMatchObject({
      tier: 'camera-counted',
      outcome: 'not-a-person',
      reason: 'machine-beat',
    });
    expect(await stateOf(sets.short)).toMatchObject({
      tier: 'camera-counted',
      outcome: 'count-differs',
      server_count: 10,
      // Stored as a code, said in the member's language when read (common/recount-reasons.ts).
      reason: 'count-differs?counted=10&claimed=40',
    });
    expect(await stateOf(sets.elsewhere)).toMatchObject({
      tier: 'camera-counted',
      outcome: 'trace-differs',
    });
    expect(await stateOf(sets.forged)).toMatchObject({ tier: 'camera-counted', verified: false });
    // Verified only lists the recounted set; the forged 150 never reaches it.
    expect(await verifiedIds()).toEqual([sets.face]);
    // Nothing left to run.
    expect(await t.app.recounts.drain()).toBe(0);
  });
});
