import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClubList, CreatedClub } from '@common/schemas/clubs';
import {
  ACTION_CONFLICTS,
  MODERATORS_ONLY,
  NO_SUCH_CLUB,
  type AuditEntry,
} from '@common/schemas/moderation';
import type { PublicProfile } from '@common/schemas/profile';
import { BoardCache } from '../leaderboard';
import { rowsOf } from '../../db/rows';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';
import { clientDirWithIndex } from '../../test/client-dir';

// A moderator removes a club and undoes it (docs/decisions/0180-moderators-remove-clubs.md): the
// club is gone for everyone, its members too, everywhere it showed, until restored as it was.
const clientDir = clientDirWithIndex('fitbench-club-removal-');
const cache = new BoardCache();
const t = useTestApp({ clientDir }, { boardCache: cache });

let mod: MadeUser;
beforeAll(async () => {
  mod = await createUser(t.app, { role: 'moderator' });
});

let n = 0;
const unique = () => `${Date.now() % 100000}${++n}`;
const get = (url: string, who: MadeUser | null = null) =>
  t.app.inject({ url, headers: who ? who.headers : {} });
const post = (url: string, who: MadeUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who ? who.headers : {}, payload });
const act = (
  action: string,
  slug: string,
  as: MadeUser | null = mod,
  reason: unknown = 'Spam club',
) => post('/api/moderation/actions', as, { action, target: { kind: 'club', slug }, reason });

/** A club by a new admin, with a second member and a set each; `code` is its invite code. */
async function clubWithMembers(visibility: 'public' | 'invite' = 'public') {
  const admin = await createUser(t.app);
  const mate = await createUser(t.app);
  const name = `Gone Club ${unique()}`;
  const res = await post('/api/clubs', admin, { name, visibility });
  expect(res.statusCode, res.body).toBe(201);
  const club = res.json() as CreatedClub;
  expect(
    (await post(`/api/clubs/${club.slug}/join`, mate, { code: club.inviteCode })).statusCode,
  ).toBe(200);
  await createWorkout(t.app, admin.id, { pushups: 30 });
  await createWorkout(t.app, mate.id, { pushups: 40 });
  return { admin, mate, club, name, code: club.inviteCode };
}

const listed = async (who: MadeUser | null, q = '') => {
  const res = await get(`/api/clubs?limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json() as ClubList;
  return [...list.mine, ...list.public].map((c) => c.slug);
};
const ogTitle = async (url: string) =>
  /<meta property="og:title" content="([^"]*)"/.exec((await get(url)).body)?.[1];

describe('removing a club', () => {
  it('is for moderators only: 401 for a visitor, 403 for a member (its admin too), before the body is read', async () => {
    const { admin, club } = await clubWithMembers();
    expect((await act('remove-club', club.slug, null)).statusCode).toBe(401);
    const refused = await act('remove-club', club.slug, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MODERATORS_ONLY });
    expect((await get(`/api/clubs/${club.slug}`)).statusCode).toBe(200);
  });

  it('needs a reason and a club target; an unknown club is a 404', async () => {
    const { club } = await clubWithMembers();
    for (const reason of ['', '   ', undefined]) {
      const res = await post('/api/moderation/actions', mod, {
        action: 'remove-club',
        target: { kind: 'club', slug: club.slug },
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    // A club action takes a club; a member action does not take one.
    expect(
      (
        await post('/api/moderation/actions', mod, {
          action: 'remove-club',
          target: { kind: 'member', username: mod.username },
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/api/moderation/actions', mod, {
          action: 'suspend',
          target: { kind: 'club', slug: club.slug },
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect((await act('remove-club', 'Not A Slug')).statusCode).toBe(400);
    const unknown = await act('remove-club', `no-such-club-${unique()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: NO_SUCH_CLUB });
    expect((await get(`/api/clubs/${club.slug}`)).statusCode).toBe(200);
  });

  it('takes the club away from everyone, everywhere, and the undo brings it back as it was', async () => {
    const { admin, mate, club, name, code } = await clubWithMembers();
    const before = await get(`/api/clubs/${club.slug}`, admin);
    expect(before.statusCode).toBe(200);
    expect((await get(`/api/clubs/${club.slug}/leaderboard/all_time`, mate)).statusCode).toBe(200);
    expect(await listed(mate)).toContain(club.slug);
    const profileClubs = async (who: MadeUser) =>
      ((await get(`/api/users/${who.username}`)).json() as PublicProfile).clubs.map((c) => c.slug);
    expect(await profileClubs(admin)).toContain(club.slug);

    const removed = await act('remove-club', club.slug);
    expect(removed.statusCode, removed.body).toBe(201);
    const entry = removed.json().entry as AuditEntry;
    expect(entry).toMatchObject({
      action: 'remove-club',
      moderator: mod.username,
      target: { kind: 'club', slug: club.slug, name },
      reason: 'Spam club',
    });

    // Gone for its members, its admin, visitors and whoever holds its code.
    for (const who of [admin, mate, null]) {
      expect((await get(`/api/clubs/${club.slug}`, who)).statusCode).toBe(404);
      expect((await get(`/api/clubs/${club.slug}/leaderboard/all_time`, who)).statusCode).toBe(404);
      expect(await listed(who)).not.toContain(club.slug);
      expect(await listed(who, name)).not.toContain(club.slug);
    }
    expect((await get(`/api/clubs/${club.slug}/leaderboard/all_time/me`, mate)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/clubs/${club.slug}?code=${encodeURIComponent(code)}`)).statusCode).toBe(
      404,
    );
    // The invite link no longer works: not to see, not to join, not in its preview.
    const outsider = await createUser(t.app);
    expect((await post(`/api/clubs/${club.slug}/join`, outsider, { code })).statusCode).toBe(404);
    expect(await ogTitle(`/clubs/${club.slug}/join?code=${encodeURIComponent(code)}`)).toBe(
      'FitBench',
    );
    expect(await ogTitle(`/clubs/${club.slug}`)).toBe('FitBench');
    expect((await get(`/api/share-cards/clubs/${club.slug}.png`)).statusCode).toBe(404);
    // Its admin can no longer act on it, nor its members leave it.
    expect((await post(`/api/clubs/${club.slug}/invite`, admin, {})).statusCode).toBe(404);
    expect((await post(`/api/clubs/${club.slug}/leave`, mate, {})).statusCode).toBe(404);
    expect(await profileClubs(admin)).not.toContain(club.slug);
    // Twice is a 409 saying why.
    const again = await act('remove-club', club.slug);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACTION_CONFLICTS.alreadyRemoved });

    // The log has it; the undo (restore-club, its own line) brings the club back with its members.
    const log = (await get('/api/moderation/log', mod)).json() as { entries: AuditEntry[] };
    expect(log.entries[0]).toEqual(entry);
    const restored = await act('restore-club', club.slug, mod, 'Reported by mistake');
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().entry).toMatchObject({
      action: 'restore-club',
      target: { kind: 'club', slug: club.slug, name },
    });
    const after = await get(`/api/clubs/${club.slug}`, admin);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    const rows = (await get(`/api/clubs/${club.slug}/leaderboard/all_time`, mate)).json() as {
      username: string;
    }[];
    expect(rows.map((r) => r.username)).toEqual([mate.username, admin.username]);
    expect(await listed(mate)).toContain(club.slug);
    expect(await profileClubs(admin)).toContain(club.slug);
    expect((await post(`/api/clubs/${club.slug}/join`, outsider, { code })).statusCode).toBe(200);
    const twice = await act('restore-club', club.slug);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ACTION_CONFLICTS.notRemoved });
  });

  it('writes the change and its audit line together, and a line names a club gone for good', async () => {
    const { admin, mate, club, name } = await clubWithMembers('invite');
    expect((await act('remove-club', club.slug)).statusCode).toBe(201);
    const [state] = await rowsOf<{
      removed: boolean;
      reason: string | null;
      lines: number | string;
    }>(
      t.app.db,
      sql`select c.removed_at is not null as removed, c.removed_reason as reason,
        (select count(*) from moderation_actions a where a.target_club_id = c.id) as lines
        from clubs c where c.slug = ${club.slug}`,
    );
    expect(state).toEqual({ removed: true, reason: 'Spam club', lines: expect.anything() });
    expect(Number(state!.lines)).toBe(1);
    // Its members' accounts go: the club goes with the last of them; its lines stay, by name.
    await deleteUser(t.app, admin.id);
    await deleteUser(t.app, mate.id);
    const log = (await get('/api/moderation/log', mod)).json() as { entries: AuditEntry[] };
    expect(
      log.entries.find((e) => e.target.kind === 'club' && e.target.name === name)?.target,
    ).toEqual({
      kind: 'club',
      slug: null,
      name,
    });
    expect((await act('restore-club', club.slug)).statusCode).toBe(404);
  });

  it("drops the club's cached boards, and the removed club is not served from them", async () => {
    const { mate, club } = await clubWithMembers();
    const boardOf = () => get(`/api/clubs/${club.slug}/leaderboard/all_time`, mate);
    expect((await boardOf()).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    expect((await act('remove-club', club.slug)).statusCode).toBe(201);
    expect(cache.size).toBe(0);
    expect((await boardOf()).statusCode).toBe(404);
    expect((await act('restore-club', club.slug)).statusCode).toBe(201);
    expect((await boardOf()).statusCode).toBe(200);
  });
});
