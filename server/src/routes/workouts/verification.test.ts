import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { countReps } from '@common/rep-counter';
import { forgedTrace, syntheticTrace } from '@common/testing/synthetic-trace';
import { TRACE_MAX_SAMPLES } from '@common/schemas/verification';
import { workouts } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import { markRecounted, tierOf } from '../../test/recounted';

const t = useTestApp();

function save(user: MadeUser, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    payload: body as object,
    headers: { ...user.headers, ...headers },
  });
}
const camera = (trace: unknown) => ({ method: 'camera-face', trace });
const storedVerified = async (id: number) =>
  (await t.app.db.select({ v: workouts.verified }).from(workouts).where(eq(workouts.id, id)))[0]?.v;
const storedTier = async (id: number) => (await tierOf(t.app.db, id)).tier;

describe('POST /api/workouts with a camera trace', () => {
  it('marks the workout camera-counted when the server counts the same number of reps', async () => {
    const u = await createUser(t.app);
    const res = await save(u, { pushups: 12, verification: camera(syntheticTrace({ reps: 12 })) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // Verified waits for the recount of the proof clip (docs/decisions/0240-recounting-proof-clips.md).
    // The save's answer says the tier it wrote.
    expect(body).toMatchObject({ pushups: 12, verified: false, tier: 'camera-counted' });
    expect(body.verificationNote).toBeUndefined();
    expect(await storedVerified(body.id)).toBe(false);
    expect(await storedTier(body.id)).toBe('camera-counted');
    // The trace is kept for the recount, and nothing of it comes back.
    expect(res.body).not.toMatch(/trace|"t"|"s"/);
  });

  it('saves a raised count unverified and says why', async () => {
    const u = await createUser(t.app);
    const res = await save(u, { pushups: 13, verification: camera(syntheticTrace({ reps: 12 })) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      pushups: 13,
      verified: false,
      verificationNote: expect.stringMatching(/camera counted 12 push-ups, not 13/),
    });
    expect(await storedVerified(res.json().id)).toBe(false);
  });

  it('does not verify a forged trace: half-depth reps, too-fast reps, a trace past the 90 s, times out of order', async () => {
    const u = await createUser(t.app);
    const shallow = syntheticTrace({ reps: 20, depth: 1.5 });
    const fast = syntheticTrace({ reps: 40, repMs: 300, fps: 30 });
    const long = syntheticTrace({ reps: 60, repMs: 1600, fps: 10 }); // 98 s
    const ordered = syntheticTrace({ reps: 5 });
    const swapped = { ...ordered, t: [...ordered.t] };
    [swapped.t[3], swapped.t[4]] = [swapped.t[4]!, swapped.t[3]!];
    const cases: [number, unknown, RegExp][] = [
      [20, shallow, /counted 0 push-ups, not 20/],
      [40, fast, /counted 0 push-ups, not 40/],
      [60, long, /longer than the 90-second run/],
      [5, swapped, /not in time order/],
    ];
    for (const [pushups, trace, note] of cases) {
      const res = await save(u, { pushups, verification: camera(trace) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        pushups,
        verified: false,
        tier: 'entered',
        verificationNote: expect.stringMatching(note),
      });
    }
  });

  it('does not verify a trace that does not look like a camera run (issue 22: 227 reps, 3 samples each, every 0.4 s)', async () => {
    const u = await createUser(t.app);
    const run = syntheticTrace({ reps: 20 });
    const keep = run.t.map((ms) => ms < 10_000 || ms > 12_000);
    const cut = {
      top: run.top,
      t: run.t.filter((_, i) => keep[i]),
      s: run.s.filter((_, i) => keep[i]),
    };
    const cutReps = countReps(cut.t, cut.s, cut.top);
    const cases: [number, unknown, RegExp][] = [
      [227, forgedTrace(227), /does not look like a camera run \(227 reps; at most 150/],
      [150, forgedTrace(150), /7\.5 samples a second; at least 8/],
      [150, forgedTrace(150, { perRep: 12 }), /a rep 0\.4 s after the one before; at least 0\.6 s/],
      [30, syntheticTrace({ reps: 30, noise: 0 }), /changes too smoothly/],
      // A metronome: every rep exactly 30 frames at 30 fps.
      [
        30,
        syntheticTrace({
          reps: 30,
          repMs: 1000,
          fps: 30,
          repJitter: 0,
          timeJitterMs: 0,
          noise: 0.01,
        }),
        /every rep took the same time/,
      ],
      // A real-looking run with 2 s cut out in the middle of the reps.
      [cutReps, cut, /2\.\d s without a sample during the reps; at most 1\.5 s/],
    ];
    for (const [pushups, trace, note] of cases) {
      const res = await save(u, { pushups, verification: camera(trace) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        pushups,
        verified: false,
        verificationNote: expect.stringMatching(note),
      });
      expect(await storedVerified(res.json().id)).toBe(false);
      expect(await storedTier(res.json().id)).toBe('entered');
    }
    // A trace the app sent for the fake camera of the e2e tests is camera-counted.
    const file = path.join(
      import.meta.dirname,
      '../../../../common/testing/recorded-traces/uneven-1200ms.json',
    );
    const rec = JSON.parse(fs.readFileSync(file, 'utf8')) as { pushups: number; trace: unknown };
    const res = await save(u, { pushups: rec.pushups, verification: camera(rec.trace) });
    expect(await storedTier(res.json().id)).toBe('camera-counted');
  });

  it('refuses malformed traces with 400 and field errors, saving nothing', async () => {
    const u = await createUser(t.app);
    const good = syntheticTrace({ reps: 3 });
    const bad: unknown[] = [
      { method: 'photo', trace: good },
      camera({ ...good, s: good.s.slice(1) }),
      camera({ ...good, t: good.t.map(String) }),
      camera({ ...good, image: 'data:image/jpeg;base64,AAAA' }),
      camera({ ...good, s: good.s.map(() => -5) }),
      camera({ ...good, top: 0 }),
      camera(null),
      'yes',
    ];
    for (const verification of bad) {
      const res = await save(u, { pushups: 3, verification });
      expect(res.statusCode, JSON.stringify(verification).slice(0, 80)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const rows = await t.app.db.select().from(workouts).where(eq(workouts.userId, u.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses an oversized trace: over the sample cap is 400, over the body limit 413', async () => {
    const u = await createUser(t.app);
    const n = TRACE_MAX_SAMPLES + 1;
    const over = {
      top: 200,
      t: Array.from({ length: n }, (_, i) => i * 30),
      s: Array(n).fill(200),
    };
    const res = await save(u, { pushups: 1, verification: camera(over) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toMatch(/at most 2700 samples/);
    const huge = {
      top: 200,
      t: Array.from({ length: 200_000 }, (_, i) => i),
      s: Array(200_000).fill(200),
    };
    const res2 = await save(u, { pushups: 1, verification: camera(huge) });
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toBeTruthy();
  });

  it('treats the trace as part of the request for idempotency', async () => {
    const u = await createUser(t.app);
    const key = randomUUID();
    const body = { pushups: 4, verification: camera(syntheticTrace({ reps: 4 })) };
    const first = await save(u, body, { 'idempotency-key': key });
    const again = await save(u, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await storedTier(first.json().id)).toBe('camera-counted');
    const other = await save(
      u,
      { ...body, verification: camera(syntheticTrace({ reps: 4, seed: 2, noise: 0.01 })) },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
  });

  it('stats carry verifiedBest; lists and public profiles carry verified', async () => {
    const u = await createUser(t.app);
    await save(u, { pushups: 50 });
    const nine = await save(u, { pushups: 9, verification: camera(syntheticTrace({ reps: 9 })) });
    const seven = await save(u, { pushups: 7, verification: camera(syntheticTrace({ reps: 7 })) });
    await markRecounted(t.app.db, nine.json().id, seven.json().id);
    const stats = (await t.app.inject({ url: '/api/stats', headers: u.headers })).json();
    expect(stats).toMatchObject({ bestPushups: 50, verifiedBest: 9 });
    const list = (await t.app.inject({ url: '/api/workouts', headers: u.headers })).json();
    expect(
      list.map((w: { pushups: number; verified: boolean }) => [w.pushups, w.verified]),
    ).toEqual([
      [7, true],
      [9, true],
      [50, false],
    ]);
    const pub = (await t.app.inject({ url: `/api/users/${u.username}` })).json();
    expect(pub.stats.verifiedBest).toBe(9);
    expect(pub.workouts.filter((w: { verified: boolean }) => w.verified)).toHaveLength(2);
  });
});
