import { eq } from 'drizzle-orm';
import { catalogueWith } from '@common/challenges';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClubDetail, ClubList, CreatedClub } from '@common/schemas/clubs';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { clubs, users } from '../../db/schema';
import { sha256Hex } from '../../lib/tokens';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';

const t = useTestApp({ challenges: catalogueWith(['pushup-90', 'plank-drop']) });
const NOW = '2026-06-17T15:00:00Z';

beforeEach(async () => {
  await t.app.db.delete(clubs);
  await t.app.db.delete(users);
  t.clock.set(NOW);
  t.app.config.clubsPerMember = 50;
  t.app.config.membersPerClub = 10_000;
});

type Who = MadeUser | null;
const headersOf = (who: Who) => (who ? who.headers : {});
const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: headersOf(who),
    ...(payload !== undefined ? { payload } : {}),
  });

async function create(
  who: MadeUser,
  name: string,
  visibility: 'public' | 'invite' = 'public',
  description?: string,
) {
  const res = await req('POST', '/api/clubs', who, {
    name,
    visibility,
    ...(description ? { description } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedClub;
}
const join = (who: Who, slug: string, code?: string) =>
  req('POST', `/api/clubs/${slug}/join`, who, code === undefined ? {} : { code });
const view = (who: Who, slug: string, code?: string) =>
  req('GET', `/api/clubs/${slug}${code ? `?code=${encodeURIComponent(code)}` : ''}`, who);
async function board(who: Who, slug: string, period = 'all_time', query = '') {
  const res = await req('GET', `/api/clubs/${slug}/leaderboard/${period}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeaderboardEntry[];
}
const ranks = (rows: LeaderboardEntry[]) => rows.map((r) => [r.username, r.rank, r.score]);

describe('creating clubs', () => {
  it('makes the creator its admin, gives a slug from the name and a long invite code kept hashed', async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const club = await create(ann, '  Early Birds! ', 'invite', 'Up at six');
    expect(club).toMatchObject({
      slug: 'early-birds',
      name: 'Early Birds!',
      description: 'Up at six',
      visibility: 'invite',
      memberCount: 1,
      myRole: 'admin',
      hiddenMembers: 0,
      members: [{ username: 'ann', role: 'admin' }],
    });
    // 32 random bytes: 256 bits, base64url.
    expect(club.inviteCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(clubs).where(eq(clubs.slug, 'early-birds'));
    expect(row!.inviteCodeHash).toBe(sha256Hex(club.inviteCode));
    expect(JSON.stringify(row)).not.toContain(club.inviteCode);
    // The same name again gets its own address.
    expect((await create(ann, 'Early birds')).slug).toBe('early-birds-2');
    expect((await create(ann, '!!!')).slug).toBe('club');
  });

  it('refuses bad names, descriptions and visibilities with a message per field, and visitors with 401', async () => {
    const ann = await createUser(t.app);
    const bad = async (body: object, field: string, message: RegExp) => {
      const res = await req('POST', '/api/clubs', ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors?.[field]?.join(' '), JSON.stringify(res.json())).toMatch(message);
    };
    await bad({ name: 'ab', visibility: 'public' }, 'name', /at least 3/);
    await bad(
      { name: '   abc  '.replace('abc', 'ab'), visibility: 'public' },
      'name',
      /at least 3/,
    );
    await bad({ name: 'x'.repeat(41), visibility: 'public' }, 'name', /at most 40/);
    await bad(
      { name: 'Good name', description: 'd'.repeat(281), visibility: 'public' },
      'description',
      /at most 280/,
    );
    await bad({ name: 'Good name', visibility: 'secret' }, 'visibility', /public or invite/);
    await bad({ name: 'Bad\u202Ename', visibility: 'public' }, 'name', /direction/);
    expect(
      (await req('POST', '/api/clubs', null, { name: 'Good name', visibility: 'public' }))
        .statusCode,
    ).toBe(401);
    // 40 characters (code points) is fine.
    expect((await create(ann, '💪'.repeat(40))).name).toBe('💪'.repeat(40));
  });
});

describe('listing and seeing clubs', () => {
  it('lists my clubs and the public clubs I am not in, searched by name and paginated', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    await create(ann, 'Runners Club');
    await create(ann, 'Secret Society', 'invite');
    for (const name of ['Alpha Team', 'Beta Team', 'Gamma Team']) await create(bob, name);
    expect((await join(ann, 'beta-team')).statusCode).toBe(200);

    const mine = (await req('GET', '/api/clubs', ann)).json() as ClubList;
    expect(mine.mine.map((c) => [c.name, c.myRole])).toEqual([
      ['Beta Team', 'member'],
      ['Runners Club', 'admin'],
      ['Secret Society', 'admin'],
    ]);
    // Beta Team has 2 members: first among the public ones; never the invite-only one.
    const visitor = (await req('GET', '/api/clubs', null)).json() as ClubList;
    expect(visitor.mine).toEqual([]);
    expect(visitor.public.map((c) => c.name)).toEqual([
      'Beta Team',
      'Alpha Team',
      'Gamma Team',
      'Runners Club',
    ]);
    expect(visitor.public[0]).toMatchObject({ memberCount: 2, myRole: null });
    expect(mine.public.map((c) => c.name)).toEqual(['Alpha Team', 'Gamma Team']);

    const search = (await req('GET', '/api/clubs?q=TEAM&limit=2', null)).json() as ClubList;
    expect(search.public.map((c) => c.name)).toEqual(['Beta Team', 'Alpha Team']);
    expect(search.nextOffset).toBe(2);
    const next = (await req('GET', '/api/clubs?q=team&limit=2&offset=2', null)).json() as ClubList;
    expect(next.public.map((c) => c.name)).toEqual(['Gamma Team']);
    expect(next.nextOffset).toBeNull();
    // A search is text, not a pattern.
    expect(((await req('GET', '/api/clubs?q=%25', null)).json() as ClubList).public).toEqual([]);
    for (const q of ['?limit=0', '?limit=51', '?offset=-1', `?q=${'x'.repeat(41)}`])
      expect((await req('GET', `/api/clubs${q}`, null)).statusCode, q).toBe(400);
  });

  it('shows a public club to anyone, an invite-only club to its members and to holders of its code only', async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const bob = await createUser(t.app, { username: 'bob' });
    await create(ann, 'Open House');
    const secret = await create(ann, 'Hidden Den', 'invite');
    expect((await view(null, 'open-house')).statusCode).toBe(200);
    expect((await view(bob, 'open-house')).json()).toMatchObject({ myRole: null, memberCount: 1 });
    for (const who of [null, bob]) {
      expect((await view(who, 'hidden-den')).statusCode).toBe(404);
      expect((await view(who, 'hidden-den', 'wrong-code')).statusCode).toBe(404);
      expect((await board(who, 'open-house')).length).toBe(0);
      expect((await req('GET', '/api/clubs/hidden-den/leaderboard/today', who)).statusCode).toBe(
        404,
      );
    }
    const withCode = await view(bob, 'hidden-den', secret.inviteCode);
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ name: 'Hidden Den', memberCount: 1, myRole: null });
    expect(await view(null, 'hidden-den', secret.inviteCode).then((r) => r.statusCode)).toBe(200);
    expect((await view(ann, 'hidden-den')).statusCode).toBe(200);
    expect((await view(null, 'no-such-club')).statusCode).toBe(404);
    for (const slug of ['Bad Slug', 'UPPER', 'a--b', 'x'.repeat(49)])
      expect((await view(null, encodeURIComponent(slug))).statusCode, slug).toBe(400);
  });

  it('lists a private member for the club only: others see the public members and how many are hidden', async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const pat = await createUser(t.app, { username: 'pat', isPrivate: true });
    await create(ann, 'Open House');
    expect((await join(pat, 'open-house')).statusCode).toBe(200);
    const inside = (await view(ann, 'open-house')).json() as ClubDetail;
    expect(inside.members.map((m) => m.username)).toEqual(['ann', 'pat']);
    expect(inside.hiddenMembers).toBe(0);
    const outside = (await view(null, 'open-house')).json() as ClubDetail;
    expect(outside.members.map((m) => m.username)).toEqual(['ann']);
    expect(outside).toMatchObject({ hiddenMembers: 1, memberCount: 2 });
  });

  it("lists a member's public clubs on their public profile, by name; never an invite-only one", async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const bea = await createUser(t.app, { username: 'bea' });
    const clubsOf = async (username: string, who: Who = null) => {
      const res = await req('GET', `/api/users/${username}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { clubs: unknown[] }).clubs;
    };
    expect(await clubsOf('ann')).toEqual([]);
    await create(ann, 'Zebra Runners');
    await create(ann, 'Secret Den', 'invite');
    await create(bea, 'Apple Lifters');
    expect((await join(ann, 'apple-lifters')).statusCode).toBe(200);
    const expected = [
      { slug: 'apple-lifters', name: 'Apple Lifters', memberCount: 2 },
      { slug: 'zebra-runners', name: 'Zebra Runners', memberCount: 1 },
    ];
    // The same to everyone, ann herself and a fellow member of the invite-only club too.
    expect(await clubsOf('ann')).toEqual(expected);
    expect(await clubsOf('ann', ann)).toEqual(expected);
    expect(await clubsOf('ANN', bea)).toEqual(expected);
    // Leaving is seen at once (the profile is cached with the boards, dropped by every change of membership).
    expect((await req('POST', '/api/clubs/apple-lifters/leave', ann)).statusCode).toBe(204);
    expect(await clubsOf('ann')).toEqual([expected[1]]);
  });
});

describe('joining and leaving', () => {
  it('joins a public club by its button, an invite-only one by its current code only', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const cat = await createUser(t.app);
    await create(ann, 'Open House');
    const secret = await create(ann, 'Hidden Den', 'invite');

    const joined = await join(bob, 'open-house');
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ myRole: 'member', memberCount: 2 });
    // Joining again changes nothing.
    expect((await join(bob, 'open-house')).json()).toMatchObject({ memberCount: 2 });

    expect((await join(bob, 'hidden-den')).statusCode).toBe(404);
    const wrong = await join(bob, 'hidden-den', 'not-the-code');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toMatch(/invite link is not valid/);
    expect((await join(bob, 'hidden-den', secret.inviteCode)).json()).toMatchObject({
      myRole: 'member',
    });

    // A new code revokes the old one, for joining and for seeing the club.
    const fresh = await req('POST', '/api/clubs/hidden-den/invite', ann);
    expect(fresh.statusCode).toBe(200);
    const { inviteCode } = fresh.json() as { inviteCode: string };
    expect(inviteCode).not.toBe(secret.inviteCode);
    expect((await join(cat, 'hidden-den', secret.inviteCode)).statusCode).toBe(404);
    expect((await view(cat, 'hidden-den', secret.inviteCode)).statusCode).toBe(404);
    expect((await view(cat, 'hidden-den', inviteCode)).statusCode).toBe(200);
    expect((await join(cat, 'hidden-den', inviteCode)).statusCode).toBe(200);

    expect((await join(null, 'open-house')).statusCode).toBe(401);
    expect((await join(cat, 'no-such-club')).statusCode).toBe(404);
  });

  it('leaves a club; the last admin leaving hands it to the longest-standing member; the last member ends it', async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const bob = await createUser(t.app, { username: 'bob' });
    const cat = await createUser(t.app, { username: 'cat' });
    await create(ann, 'Open House');
    await join(bob, 'open-house');
    t.clock.advance(1000);
    await join(cat, 'open-house');
    expect((await req('POST', '/api/clubs/open-house/leave', ann)).statusCode).toBe(204);
    expect((await req('POST', '/api/clubs/open-house/leave', ann)).statusCode).toBe(404);
    const after = (await view(bob, 'open-house')).json() as ClubDetail;
    expect(after.members.map((m) => [m.username, m.role])).toEqual([
      ['bob', 'admin'],
      ['cat', 'member'],
    ]);
    // An account that goes leaves its clubs, and the admin role passes on as well.
    await deleteUser(t.app, bob.id);
    expect(((await view(cat, 'open-house')).json() as ClubDetail).members).toMatchObject([
      { username: 'cat', role: 'admin' },
    ]);
    expect((await req('POST', '/api/clubs/open-house/leave', cat)).statusCode).toBe(204);
    expect((await view(null, 'open-house')).statusCode).toBe(404);
    expect((await req('POST', '/api/clubs/open-house/leave', null)).statusCode).toBe(401);
  });

  it('keeps the limits: clubs per member and members per club, with clear 409s', async () => {
    t.app.config.clubsPerMember = 2;
    t.app.config.membersPerClub = 2;
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const cat = await createUser(t.app);
    await create(ann, 'One Club');
    await create(ann, 'Two Club');
    const third = await req('POST', '/api/clubs', ann, {
      name: 'Three Club',
      visibility: 'public',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/2 clubs, the most a member can be in/);
    await join(bob, 'one-club');
    const full = await join(cat, 'one-club');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/club is full/);
    await join(cat, 'two-club');
    await create(cat, 'Cat Club');
    const tooMany = await join(cat, 'one-club');
    expect(tooMany.statusCode).toBe(409);
  });
});

describe('admins', () => {
  it('remove members and regenerate codes; other members get 403, outsiders of an invite-only club 404', async () => {
    const ann = await createUser(t.app, { username: 'ann' });
    const bob = await createUser(t.app, { username: 'bob' });
    const eve = await createUser(t.app, { username: 'eve' });
    const secret = await create(ann, 'Hidden Den', 'invite');
    await join(bob, 'hidden-den', secret.inviteCode);
    await create(ann, 'Open House');
    await join(bob, 'open-house');

    const remove = (who: Who, slug: string, name: string) =>
      req('DELETE', `/api/clubs/${slug}/members/${name}`, who);
    const regenerate = (who: Who, slug: string) => req('POST', `/api/clubs/${slug}/invite`, who);
    expect((await remove(null, 'hidden-den', 'bob')).statusCode).toBe(401);
    expect((await regenerate(null, 'hidden-den')).statusCode).toBe(401);
    expect((await remove(bob, 'hidden-den', 'ann')).statusCode).toBe(403);
    expect((await regenerate(bob, 'hidden-den')).statusCode).toBe(403);
    expect((await remove(eve, 'hidden-den', 'bob')).statusCode).toBe(404);
    expect((await regenerate(eve, 'hidden-den')).statusCode).toBe(404);
    expect((await remove(eve, 'open-house', 'bob')).statusCode).toBe(403);
    expect((await remove(ann, 'hidden-den', 'eve')).statusCode).toBe(404);
    expect((await remove(ann, 'hidden-den', 'ann')).statusCode).toBe(400);
    expect((await remove(ann, 'hidden-den', 'b@d')).statusCode).toBe(400);
    expect((await remove(ann, 'hidden-den', 'BOB')).statusCode).toBe(204);
    expect((await view(bob, 'hidden-den')).statusCode).toBe(404);
    expect(((await view(ann, 'hidden-den')).json() as ClubDetail).memberCount).toBe(1);
  });
});

describe('club boards', () => {
  async function setup() {
    const ann = await createUser(t.app, { username: 'ann', age: 25, gender: 'female' });
    const bob = await createUser(t.app, { username: 'bob', age: 35, gender: 'male' });
    const cat = await createUser(t.app, {
      username: 'cat',
      age: 45,
      gender: 'female',
      showAgeGender: false,
    });
    const pat = await createUser(t.app, {
      username: 'pat',
      age: 30,
      gender: 'male',
      isPrivate: true,
    });
    const out = await createUser(t.app, { username: 'out' });
    await create(ann, 'Open House');
    for (const u of [bob, cat, pat]) expect((await join(u, 'open-house')).statusCode).toBe(200);
    const at = (h: number) => new Date(`2026-06-17T${String(h).padStart(2, '0')}:00:00Z`);
    await createWorkout(t.app, ann.id, { pushups: 40, createdAt: at(8) });
    await createWorkout(t.app, ann.id, { pushups: 50, createdAt: at(9) });
    // bob ties ann on 50, received later: ranked the same, shown after.
    await createWorkout(t.app, bob.id, { pushups: 50, createdAt: at(10) });
    await createWorkout(t.app, cat.id, { pushups: 30, createdAt: at(11), verified: true });
    await createWorkout(t.app, cat.id, {
      pushups: 45,
      createdAt: new Date('2026-06-10T12:00:00Z'),
    });
    await createWorkout(t.app, pat.id, { pushups: 60, createdAt: at(12) });
    // Not a member: never on the club's board, whatever their score.
    await createWorkout(t.app, out.id, { pushups: 99, createdAt: at(7) });
    // Another challenge's sets stay on its own board.
    await createWorkout(t.app, bob.id, { challenge: 'plank-drop', score: 120, createdAt: at(9) });
    return { ann, bob, cat, pat, out };
  }

  it('ranks exactly the club members, ties shared; private members shown to the club only', async () => {
    const { ann, out } = await setup();
    const inside = await board(ann, 'open-house', 'today');
    expect(ranks(inside)).toEqual([
      ['pat', 1, 60],
      ['ann', 2, 50],
      ['bob', 2, 50],
      ['cat', 4, 30],
    ]);
    expect(inside[0]).toMatchObject({ pushups: 60, verified: false });
    const me = (who: Who, q = '') =>
      req('GET', `/api/clubs/open-house/leaderboard/today/me${q}`, who);
    expect((await me(ann)).json()).toMatchObject({ rank: 2, score: 50, pushups: 50 });
    // An outsider: where they would stand among the members shown to them.
    expect((await me(out)).json()).toMatchObject({ rank: 1, score: 99 });
    expect((await me(ann, '?verified=true')).json()).toBeNull();
    expect((await me(null)).statusCode).toBe(401);
    expect((await me(ann, '?challenge=nope')).statusCode).toBe(400);
    // Outsiders see its public members, ranked among them.
    for (const who of [null, out])
      expect(ranks(await board(who, 'open-house', 'today'))).toEqual([
        ['ann', 1, 50],
        ['bob', 1, 50],
        ['cat', 3, 30],
      ]);
    // The month holds cat's 45 of the 10th (before this week, which began on Monday the 15th).
    expect(ranks(await board(ann, 'open-house', 'month'))).toEqual([
      ['pat', 1, 60],
      ['ann', 2, 50],
      ['bob', 2, 50],
      ['cat', 4, 45],
    ]);
  });

  it('takes the filters, Verified only and the challenge, with ranks that filters do not change', async () => {
    const { ann } = await setup();
    expect(ranks(await board(ann, 'open-house', 'today', '?gender=female'))).toEqual([
      ['ann', 2, 50],
    ]);
    // cat hides her age and gender: only under All.
    expect(ranks(await board(ann, 'open-house', 'today', '?ageGroup=20-29'))).toEqual([
      ['ann', 2, 50],
    ]);
    expect(ranks(await board(ann, 'open-house', 'today', '?verified=true'))).toEqual([
      ['cat', 1, 30],
    ]);
    expect(ranks(await board(ann, 'open-house', 'today', '?limit=2'))).toEqual([
      ['pat', 1, 60],
      ['ann', 2, 50],
    ]);
    const plank = await board(ann, 'open-house', 'today', '?challenge=plank-drop');
    expect(ranks(plank)).toEqual([['bob', 1, 120]]);
    expect(plank[0]).not.toHaveProperty('pushups');
    for (const q of ['?gender=x', '?limit=0', '?verified=yes', '?challenge=nope'])
      expect(
        (await req('GET', `/api/clubs/open-house/leaderboard/today${q}`, ann)).statusCode,
        q,
      ).toBe(400);
    expect((await req('GET', '/api/clubs/open-house/leaderboard/yesterday', ann)).statusCode).toBe(
      400,
    );
  });

  it('follows leaving, removal, deletion, privacy and new bests at once', async () => {
    const { ann, bob, cat, pat } = await setup();
    expect((await req('POST', '/api/clubs/open-house/leave', bob)).statusCode).toBe(204);
    expect(ranks(await board(ann, 'open-house', 'today')).map((r) => r[0])).toEqual([
      'pat',
      'ann',
      'cat',
    ]);
    expect((await req('DELETE', '/api/clubs/open-house/members/pat', ann)).statusCode).toBe(204);
    expect(ranks(await board(ann, 'open-house', 'today'))).toEqual([
      ['ann', 1, 50],
      ['cat', 2, 30],
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: cat.headers,
      payload: { isPrivate: true },
    });
    expect(res.statusCode).toBe(200);
    expect(ranks(await board(null, 'open-house', 'today'))).toEqual([['ann', 1, 50]]);
    expect(ranks(await board(ann, 'open-house', 'today')).map((r) => r[0])).toEqual(['ann', 'cat']);
    await createWorkout(t.app, cat.id, {
      pushups: 70,
      createdAt: new Date('2026-06-17T13:00:00Z'),
    });
    expect(ranks(await board(ann, 'open-house', 'today'))[0]).toEqual(['cat', 1, 70]);
    await deleteUser(t.app, cat.id);
    expect(ranks(await board(ann, 'open-house', 'today'))).toEqual([['ann', 1, 50]]);
    void pat;
  });
});
