import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '@common/schemas/account';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { rowsOf } from '../../db/client';
import { users, workoutClips } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD, type MadeUser } from '../../test/factories';
import { probeClip } from '../../lib/clip-probe';
import { testClip } from '../../test/test-clips';

const t = useTestApp();

const b64 = (b: Buffer) => b.toString('base64');

async function saveSet(u: MadeUser, verified = true): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: verified
      ? { pushups: 6, verification: { method: 'camera-face', trace: syntheticTrace({ reps: 6 }) } }
      : { pushups: 6 },
  });
  // A camera-counted set (verified only once recounted) or a typed one.
  expect(res.json()).toMatchObject({ verified: false });
  return res.json().id as number;
}

const put = (u: MadeUser | null, id: number, webm: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/workouts/${id}/clip`,
    headers: u?.headers ?? {},
    payload: { webm },
  });
const get = (u: MadeUser | null, id: number) =>
  t.app.inject({ url: `/api/workouts/${id}/clip`, headers: u?.headers ?? {} });
const storedClips = async (userId: number) =>
  t.app.db.select().from(workoutClips).where(eq(workoutClips.userId, userId));

describe('proof clips', () => {
  it('keeps a decodable clip of the run for a verified set; its member watches it', async () => {
    const u = await createUser(t.app);
    const id = await saveSet(u);
    const clip = testClip();
    const res = await put(u, id, b64(clip));
    expect(res.statusCode, res.body).toBe(200);
    const facts = { codec: 'vp8', width: 160, height: 120, frames: 900, durationMs: 90_000 };
    expect(res.json()).toMatchObject({ workoutId: id, ...facts });
    const watched = await get(u, id);
    expect(watched.statusCode).toBe(200);
    expect(watched.headers['content-type']).toBe('video/webm');
    expect(watched.headers['cache-control']).toBe('private, no-store');
    // What is kept is the clip's video re-muxed: the same frames, its own size.
    expect(res.json().bytes).toBe(watched.rawPayload.length);
    expect(await probeClip(watched.rawPayload)).toEqual(facts);
    // A second PUT replaces it (a retried upload is harmless).
    expect((await put(u, id, b64(clip))).statusCode).toBe(200);
    expect(await storedClips(u.id)).toHaveLength(1);
    // The kept clip waits for the server's recount (docs/decisions/0240-recounting-proof-clips.md);
    // deleting the clip drops it.
    const recount = async () =>
      (
        await rowsOf<{ state: string }>(
          t.app.db,
          sql`select state from clip_recounts where workout_id = ${id}`,
        )
      )[0]?.state;
    expect(await recount()).toBe('queued');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/workouts/${id}/clip`,
      headers: u.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(await recount()).toBeUndefined();
  });

  // One test per clip: each has the whole budget for its ffmpeg work, and a retry redoes only it.
  it.each<[string, () => Buffer, RegExp]>([
    ['not a video', () => Buffer.from('definitely not a video'), /could not be decoded/],
    [
      'half a clip',
      () => {
        const good = testClip();
        return good.subarray(0, Math.floor(good.length / 2));
      },
      /could not be decoded/,
    ],
    ['20 s', () => testClip({ seconds: 20 }), /lasts 20 s; a run's clip lasts 80 s to 92 s/],
    [
      '2 frames a second',
      () => testClip({ seconds: 90, fps: 2 }),
      /180 frames in 90 s; a run's clip has 5 to 15 a second/,
    ],
    ['640x480', () => testClip({ seconds: 2, size: '640x480' }), /at most 320x240, not 640x480/],
    // A frame count no phone records is refused from the container, before any decoding.
    [
      '2700 frames',
      () => testClip({ seconds: 90, fps: 30, pattern: 'color' }),
      /has 2700 frames; a run's clip has at most 1380/,
    ],
  ])(
    'refuses a clip that does not decode or does not fit the run (%s), and keeps nothing',
    async (_, clip, message) => {
      const u = await createUser(t.app);
      const id = await saveSet(u);
      const res = await put(u, id, b64(clip()));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(message);
      expect(res.json().message).toMatch(/It is not kept\./);
      expect(await storedClips(u.id)).toHaveLength(0);
      expect((await get(u, id)).statusCode).toBe(404);
    },
  );

  it("says a refusal in the request's language, its figures in place", async () => {
    const u = await createUser(t.app);
    const id = await saveSet(u);
    const inLang = (lang: string, webm: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/workouts/${id}/clip`,
        headers: { ...u.headers, 'accept-language': lang },
        payload: { webm },
      });
    const short = b64(testClip({ seconds: 20 }));
    expect((await inLang('de', short)).json().message).toBe(
      'Das Video dauert 20 s; ein Lauf dauert 80 s bis 92 s. Es wird nicht gespeichert.',
    );
    expect((await inLang('es', b64(Buffer.from('no es un vídeo')))).json().message).toBe(
      'No se pudo decodificar el vídeo. No se guarda.',
    );
    expect(await storedClips(u.id)).toHaveLength(0);
  });

  it("only for the member's own verified sets; bad bodies are 400, too large 413, signed out 401", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const verified = await saveSet(u);
    const typed = await saveSet(u, false);
    const clip = b64(testClip({ seconds: 2 }));
    expect((await put(u, typed, clip)).statusCode).toBe(409);
    expect((await put(u, typed, clip)).json().message).toBe(
      'Only a set saved with the Counted by camera mark can have a proof clip.',
    );
    expect((await put(other, verified, clip)).statusCode).toBe(404);
    expect((await put(null, verified, clip)).statusCode).toBe(401);
    expect((await put(u, 2_000_000, clip)).statusCode).toBe(404);
    for (const bad of ['', 'not base64!', 42, null])
      expect((await put(u, verified, bad)).statusCode, String(bad)).toBe(400);
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/workouts/${verified}/clip`,
      headers: u.headers,
      payload: { webm: clip, trace: [] },
    });
    expect(extra.statusCode).toBe(400);
    const huge = await put(u, verified, 'A'.repeat(2 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    const over = await put(u, verified, 'A'.repeat((1024 * 1024 * 4) / 3 + 8));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBeTruthy();
    expect(await storedClips(u.id)).toHaveLength(0);
  });

  it('keeps only the video it read: a WebM followed by a page or a playlist is stored without them', async () => {
    const u = await createUser(t.app);
    const id = await saveSet(u);
    const clip = testClip();
    for (const tail of [
      '<html><script>alert(1)</script></html>',
      '#EXTM3U\n#EXT-X-ENDLIST\nhttp://evil.example/x.ts\n',
    ]) {
      const res = await put(u, id, b64(Buffer.concat([clip, Buffer.from(tail)])));
      expect(res.statusCode, res.body).toBe(200);
      const kept = (await get(u, id)).rawPayload;
      expect(kept.includes(Buffer.from(tail.slice(0, 6)))).toBe(false);
      expect(await probeClip(kept)).toMatchObject({ frames: 900, durationMs: 90_000 });
    }
  });

  it('others watch only when the member makes clips public and is not private', async () => {
    const u = await createUser(t.app);
    const viewer = await createUser(t.app);
    const id = await saveSet(u);
    expect((await put(u, id, b64(testClip()))).statusCode).toBe(200);
    // Default: moderators only (and the member).
    expect((await get(viewer, id)).statusCode).toBe(404);
    expect((await get(null, id)).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: u.headers,
      payload: { clipsPublic: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ clipsPublic: true });
    expect((await get(viewer, id)).statusCode).toBe(200);
    expect((await get(null, id)).statusCode).toBe(200);
    // A private member's clips are nobody else's business, whatever the setting.
    await t.app.db.update(users).set({ isPrivate: true }).where(eq(users.id, u.id));
    expect((await get(null, id)).statusCode).toBe(404);
    expect((await get(u, id)).statusCode).toBe(200);
    // The public profile does not say what the setting is.
    const pub = (await t.app.inject({ url: `/api/users/${viewer.username}` })).json();
    expect(pub.user ?? pub).not.toHaveProperty('clipsPublic');
  });

  it('goes with its workout, with the account, and comes in the export', async () => {
    const u = await createUser(t.app);
    const a = await saveSet(u);
    const b = await saveSet(u);
    const clip = testClip();
    for (const id of [a, b]) expect((await put(u, id, b64(clip))).statusCode).toBe(200);
    const exported = accountExportSchema.parse(
      (await t.app.inject({ url: '/api/export', headers: u.headers })).json(),
    );
    expect(exported.clips.map((c) => c.workoutId)).toEqual([a, b].sort((x, y) => x - y));
    expect(
      Buffer.from(exported.clips[0]!.webm, 'base64').equals(
        (await get(u, exported.clips[0]!.workoutId)).rawPayload,
      ),
    ).toBe(true);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/workouts/${a}`, headers: u.headers }))
        .statusCode,
    ).toBe(204);
    expect((await storedClips(u.id)).map((c) => c.workoutId)).toEqual([b]);
    // The member may delete a clip alone.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/workouts/${b}/clip`, headers: u.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/workouts/${b}/clip`, headers: u.headers }))
        .statusCode,
    ).toBe(404);
    expect((await put(u, b, b64(clip))).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: u.headers,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await storedClips(u.id)).toHaveLength(0);
  });
});
