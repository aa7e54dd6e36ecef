import { describe, expect, it } from 'vitest';
import { REMOVED_FROM_CLUB, type ClubDetail, type CreatedClub } from '@common/schemas/clubs';
import { useTestApp } from '../../test/app';
import { createUser, type MadeUser } from '../../test/factories';

// A member a club's admin removed cannot join it again, with the invite code they had or without,
// until an admin lets them back in (docs/decisions/0208-club-removal-is-recorded.md).
const t = useTestApp();

let n = 0;
const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: MadeUser, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const join = (who: MadeUser, slug: string, code?: string) =>
  req('POST', `/api/clubs/${slug}/join`, who, code === undefined ? {} : { code });
const detail = async (who: MadeUser, slug: string) =>
  (await req('GET', `/api/clubs/${slug}`, who)).json<ClubDetail>();

async function clubWith(visibility: 'public' | 'invite') {
  const admin = await createUser(t.app);
  const member = await createUser(t.app);
  const made = await req('POST', '/api/clubs', admin, {
    name: `Kept Out ${Date.now() % 100000}${++n}`,
    visibility,
  });
  expect(made.statusCode, made.body).toBe(201);
  const club = made.json<CreatedClub>();
  expect((await join(member, club.slug, club.inviteCode)).statusCode).toBe(200);
  return { admin, member, slug: club.slug, code: club.inviteCode };
}

describe('a member removed from a club', () => {
  for (const visibility of ['invite', 'public'] as const)
    it(`cannot join the ${visibility} club again with the code they had, until an admin lets them back in`, async () => {
      const { admin, member, slug, code } = await clubWith(visibility);
      expect(
        (await req('DELETE', `/api/clubs/${slug}/members/${member.username}`, admin)).statusCode,
      ).toBe(204);
      const again = await join(member, slug, code);
      expect(again.statusCode, again.body).toBe(403);
      expect(again.json()).toEqual({ message: REMOVED_FROM_CLUB });
      expect((await detail(admin, slug)).members.map((m) => m.username)).not.toContain(
        member.username,
      );
      // Its admins see whom they removed; nobody else does.
      expect((await detail(admin, slug)).removed?.map((r) => r.username)).toEqual([
        member.username,
      ]);
      expect((await detail(member, slug)).removed).toBeUndefined();

      // Only an admin lets them back in.
      expect(
        (await req('DELETE', `/api/clubs/${slug}/removals/${member.username}`, member)).statusCode,
      ).toBe(visibility === 'public' ? 403 : 404);
      expect(
        (await req('DELETE', `/api/clubs/${slug}/removals/${member.username.toUpperCase()}`, admin))
          .statusCode,
      ).toBe(204);
      expect(
        (await req('DELETE', `/api/clubs/${slug}/removals/${member.username}`, admin)).statusCode,
      ).toBe(404);
      expect((await detail(admin, slug)).removed).toEqual([]);
      expect((await join(member, slug, code)).statusCode).toBe(200);
    });

  it('a member who left by themselves joins again at once', async () => {
    const { member, slug, code } = await clubWith('invite');
    expect((await req('POST', `/api/clubs/${slug}/leave`, member)).statusCode).toBe(204);
    expect((await join(member, slug, code)).statusCode).toBe(200);
  });

  it('a wrong code still says nothing about the club to the removed member', async () => {
    const { admin, member, slug } = await clubWith('invite');
    expect(
      (await req('DELETE', `/api/clubs/${slug}/members/${member.username}`, admin)).statusCode,
    ).toBe(204);
    expect((await join(member, slug, 'not-the-code')).statusCode).toBe(404);
  });
});
