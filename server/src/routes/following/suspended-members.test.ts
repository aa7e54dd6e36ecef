import { beforeAll, describe, expect, it } from 'vitest';
import type { ClubDetail } from '@common/schemas/clubs';
import type { FollowEntry } from '@common/schemas/follows';
import type { PublicProfile } from '@common/schemas/profile';
import { BoardCache } from '../leaderboard';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';

// A suspended member is off every page others see (docs/decisions/0152-suspensions.md): their
// followers' and followees' lists and counts, public club pages; and a follow of them is answered
// as for a name nobody has, so that it does not tell that the account exists and is suspended.
const t = useTestApp({}, { boardCache: new BoardCache() });

let mod: MadeUser;
beforeAll(async () => {
  mod = await createUser(t.app, { role: 'moderator' });
});

const suspend = async (u: MadeUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/moderation/actions',
    headers: mod.headers,
    payload: {
      action: 'suspend',
      target: { kind: 'member', username: u.username },
      reason: 'Spam',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const follow = (u: MadeUser, name: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/following/${name}`, headers: u.headers });
const names = async (u: MadeUser, which: 'following' | 'followers') =>
  (await t.app.inject({ url: `/api/${which}`, headers: u.headers }))
    .json<FollowEntry[]>()
    .map((e) => e.username);
const counts = async (name: string) => {
  const p = (await t.app.inject({ url: `/api/users/${name}` })).json<PublicProfile>();
  return { followers: p.followers, following: p.following };
};

describe('a suspended member', () => {
  it("leaves others' following and follower lists and counts, and comes back when it is lifted", async () => {
    const [ann, bob, cid] = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    expect((await follow(ann!, bob!.username)).statusCode).toBe(204);
    expect((await follow(bob!, cid!.username)).statusCode).toBe(204);
    expect(await names(ann!, 'following')).toEqual([bob!.username]);
    expect(await names(cid!, 'followers')).toEqual([bob!.username]);
    expect(await counts(ann!.username)).toEqual({ followers: 0, following: 1 });
    expect(await counts(cid!.username)).toEqual({ followers: 1, following: 0 });

    await suspend(bob!);
    expect(await names(ann!, 'following')).toEqual([]);
    expect(await names(cid!, 'followers')).toEqual([]);
    expect(await counts(ann!.username)).toEqual({ followers: 0, following: 0 });
    expect(await counts(cid!.username)).toEqual({ followers: 0, following: 0 });

    const lifted = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/actions',
      headers: mod.headers,
      payload: {
        action: 'lift-suspension',
        target: { kind: 'member', username: bob!.username },
        reason: 'Cleared',
      },
    });
    expect(lifted.statusCode).toBe(201);
    expect(await names(ann!, 'following')).toEqual([bob!.username]);
    expect(await counts(cid!.username)).toEqual({ followers: 1, following: 0 });
  });

  it('is followed and unfollowed exactly as a name nobody has: the same 404 and body', async () => {
    const [ann, bob] = await Promise.all([1, 2].map(() => createUser(t.app)));
    await suspend(bob!);
    for (const method of ['PUT', 'DELETE'] as const) {
      const unknown = await follow(ann!, `nobody${Date.now() % 100000}`, method);
      const suspended = await follow(ann!, bob!.username, method);
      expect(unknown.statusCode).toBe(404);
      expect(suspended.statusCode, method).toBe(404);
      expect(suspended.body).toBe(unknown.body);
    }
    // And as their profile answers.
    const page = await t.app.inject({ url: `/api/users/${bob!.username}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe((await follow(ann!, bob!.username)).body);
  });

  it("is off a club's page (name and picture) for visitors and members; its admins still see them", async () => {
    const [admin, mate, spam] = await Promise.all([1, 2, 3].map(() => createUser(t.app)));
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/clubs',
      headers: admin!.headers,
      payload: { name: `Dawn Club ${Date.now() % 100000}`, visibility: 'public' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { slug } = made.json() as { slug: string };
    for (const u of [mate!, spam!])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/clubs/${slug}/join`,
            headers: u.headers,
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    const members = async (who: MadeUser | null) => {
      const res = await t.app.inject({ url: `/api/clubs/${slug}`, headers: who?.headers ?? {} });
      expect(res.statusCode, res.body).toBe(200);
      const club = res.json<ClubDetail>();
      return { names: club.members.map((m) => m.username), hidden: club.hiddenMembers };
    };
    expect((await members(null)).names).toContain(spam!.username);
    await suspend(spam!);
    for (const who of [null, mate!]) {
      const seen = await members(who);
      expect(seen.names).toEqual([admin!.username, mate!.username]);
      expect(seen.hidden).toBe(0);
    }
    expect((await members(admin!)).names).toContain(spam!.username);
    expect(
      JSON.stringify((await t.app.inject({ url: `/api/clubs/${slug}` })).json()),
    ).not.toContain(spam!.username);
  });
});
