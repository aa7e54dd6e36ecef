import { describe, expect, it } from 'vitest';
import { leaderboardSchema } from '@common/schemas/leaderboard';
import { publicProfileSchema } from '@common/schemas/profile';
import { workoutListSchema } from '@common/schemas/workouts';
import { syntheticTrace } from '@common/testing/synthetic-trace';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';
import { markRecounted } from '../../test/recounted';
import { testClip } from '../../test/test-clips';

// Boards and profiles say which verified sets have a proof clip someone may watch
// (docs/decisions/0158-proof-clips-on-the-device.md), with the board cache on: a clip kept or
// deleted, or the member's choice changed, shows at once.
const t = useTestApp({}, { boardCache: new BoardCache() });

async function saveVerified(u: MadeUser, reps: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workouts',
    headers: u.headers,
    payload: {
      pushups: reps,
      verification: { method: 'camera-face', trace: syntheticTrace({ reps }) },
    },
  });
  // On the Verified boards once its clip is recounted (here: as if it had been).
  await markRecounted(t.app.db, res.json().id);
  return res.json().id as number;
}

const verifiedBoard = async () => {
  const res = await t.app.inject({ url: '/api/leaderboard/all_time?verified=true' });
  expect(res.statusCode).toBe(200);
  return leaderboardSchema.parse(res.json());
};
const entryOf = async (id: number) => (await verifiedBoard()).find((e) => e.id === id);
const ownList = async (u: MadeUser) =>
  workoutListSchema.parse(
    (await t.app.inject({ url: '/api/workouts', headers: u.headers })).json(),
  );
const profileOf = async (u: MadeUser) =>
  publicProfileSchema.parse((await t.app.inject({ url: `/api/users/${u.username}` })).json());

describe('which sets have a clip to watch', () => {
  it(
    'the member always sees their own; the board and the public profile only once clips are public',
    { timeout: 300_000 },
    async () => {
      const u = await createUser(t.app);
      const id = await saveVerified(u, 7);
      const plain = await t.app.inject({
        method: 'POST',
        url: '/api/workouts',
        headers: u.headers,
        payload: { pushups: 3 },
      });
      expect(plain.statusCode).toBe(201);

      // No clip yet: the key is absent everywhere (the board entry's JSON is as before).
      expect(await entryOf(id)).toBeDefined();
      expect(await entryOf(id)).not.toHaveProperty('hasClip');
      expect((await ownList(u)).every((w) => w.hasClip === undefined)).toBe(true);

      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/workouts/${id}/clip`,
        headers: u.headers,
        payload: { webm: testClip({ pattern: 'color' }).toString('base64') },
      });
      expect(put.statusCode, put.body).toBe(200);
      // Moderators only (the default): the member sees it in their own list, nobody else is told.
      expect((await ownList(u)).map((w) => [w.id, w.hasClip])).toEqual([
        [plain.json().id, undefined],
        [id, true],
      ]);
      expect(await entryOf(id)).not.toHaveProperty('hasClip');
      expect((await profileOf(u)).workouts.find((w) => w.id === id)).not.toHaveProperty('hasClip');

      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: u.headers,
        payload: { clipsPublic: true },
      });
      expect(patch.statusCode).toBe(200);
      expect(await entryOf(id)).toMatchObject({ id, verified: true, hasClip: true, pushups: 7 });
      // On the wire, after verified and its tier, before pushups (the top three of a Verified
      // board await a moderator's review).
      const raw = (await t.app.inject({ url: '/api/leaderboard/all_time?verified=true' })).body;
      expect(raw).toContain(
        `"verified":true,"tier":"recounted","hasClip":true,"awaitingReview":true,"pushups":7}`,
      );
      expect((await profileOf(u)).workouts.find((w) => w.id === id)).toMatchObject({
        hasClip: true,
      });

      // Deleting the clip takes the flag away at once.
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/workouts/${id}/clip`,
        headers: u.headers,
      });
      expect(del.statusCode).toBe(204);
      expect(await entryOf(id)).not.toHaveProperty('hasClip');
      expect((await profileOf(u)).workouts.find((w) => w.id === id)).not.toHaveProperty('hasClip');
      expect((await ownList(u)).find((w) => w.id === id)).not.toHaveProperty('hasClip');
    },
  );
});
