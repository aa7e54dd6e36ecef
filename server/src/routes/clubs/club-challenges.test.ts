import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueWith } from '@common/challenges';
import type {
  ClubChallenge,
  ClubChallengeDetail,
  ClubChallengeList,
} from '@common/schemas/club-challenges';
import type { CreatedClub } from '@common/schemas/clubs';
import { clubs, hiddenWorkouts, users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, deleteUser, type MadeUser } from '../../test/factories';

const t = useTestApp({
  challenges: catalogueWith(['pushup-90', 'plank-drop', 'mfm-challenge']),
  publicUrl: 'https://fit.example',
});
// A Wednesday in June: Auckland is UTC+12, Los Angeles UTC-7.
const NOW = '2026-06-17T15:00:00Z';

beforeEach(async () => {
  await t.app.db.delete(clubs);
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

type Who = MadeUser | null;
const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? who.headers : {},
    ...(payload !== undefined ? { payload } : {}),
  });

async function club(admin: MadeUser, visibility: 'public' | 'invite' = 'public') {
  const res = await req('POST', '/api/clubs', admin, { name: 'Early Birds', visibility });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedClub;
}
async function join(who: MadeUser, c: CreatedClub) {
  const res = await req('POST', `/api/clubs/${c.slug}/join`, who, { code: c.inviteCode });
  expect(res.statusCode, res.body).toBe(200);
}
async function setChallenge(admin: MadeUser, slug: string, body: object) {
  const res = await req('POST', `/api/clubs/${slug}/challenges`, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ClubChallenge;
}
async function board(who: Who, slug: string, id: number) {
  const res = await req('GET', `/api/clubs/${slug}/challenges/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ClubChallengeDetail;
}
const ranks = (d: ClubChallengeDetail) => d.entries.map((e) => [e.username, e.rank, e.score]);
const set = (who: MadeUser, at: string, score: number, extra: object = {}) =>
  createWorkout(t.app, who.id, { createdAt: new Date(at), score, ...extra });

describe('setting a club challenge', () => {
  it("is for the club's admins only", async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const out = await createUser(t.app);
    const c = await club(ann, 'invite');
    await join(bob, c);
    const body = { challenge: 'pushup-90', startDate: '2026-06-20', endDate: '2026-06-26' };
    expect((await req('POST', `/api/clubs/${c.slug}/challenges`, null, body)).statusCode).toBe(401);
    const member = await req('POST', `/api/clubs/${c.slug}/challenges`, bob, body);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: "Only the club's admins can do that." });
    // An invite-only club does not exist for whoever is not in it.
    expect((await req('POST', `/api/clubs/${c.slug}/challenges`, out, body)).statusCode).toBe(404);
    const made = await setChallenge(ann, c.slug, { ...body, target: 50 });
    expect(made).toMatchObject({
      challenge: 'pushup-90',
      startDate: '2026-06-20',
      endDate: '2026-06-26',
      target: 50,
      createdBy: ann.username,
      status: 'upcoming',
      startsAt: '2026-06-20T00:00:00.000Z',
      endsAt: '2026-06-27T00:00:00.000Z',
      resultsAt: '2026-06-27T12:00:00.000Z',
    });
  });

  it('checks the challenge, the days and the target, with a message under each field', async () => {
    const ann = await createUser(t.app);
    const c = await club(ann);
    const post = (body: object) => req('POST', `/api/clubs/${c.slug}/challenges`, ann, body);
    const ok = { challenge: 'pushup-90', startDate: '2026-06-20', endDate: '2026-06-26' };
    const cases: [object, string, RegExp][] = [
      [{ ...ok, endDate: '2026-06-19' }, 'endDate', /on or after the start date/],
      [{ ...ok, endDate: '2026-09-18' }, 'endDate', /at most 90 days/],
      [{ ...ok, startDate: '2026-02-30' }, 'startDate', /must be a date/],
      [{ ...ok, startDate: '' }, 'startDate', /Start date must be a date/],
      [{ ...ok, startDate: '2026-06-09', endDate: '2026-06-12' }, 'startDate', /7 days back/],
      [{ ...ok, startDate: '2027-06-18', endDate: '2027-06-20' }, 'startDate', /365 days ahead/],
      [{ ...ok, challenge: 'burpees-or-bust' }, 'challenge', /open challenges/],
      [{ ...ok, challenge: 'nope' }, 'challenge', /open challenges/],
      [{ ...ok, target: 301 }, 'target', /from 1 to 300 push-ups/],
      [{ ...ok, target: 2.5 }, 'target', /whole number/],
      // For time: the seconds to finish within, from the fastest plausible finish to the cap.
      [{ ...ok, challenge: 'mfm-challenge', target: 100 }, 'target', /from 360 to 1800 seconds/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors?.[field]?.[0], JSON.stringify(body)).toMatch(message);
    }
    // Seven days back is allowed (as far back as a set may be dated), and so are 90 days.
    await setChallenge(ann, c.slug, { ...ok, startDate: '2026-06-10', endDate: '2026-09-07' });
    await setChallenge(ann, c.slug, { ...ok, challenge: 'mfm-challenge', target: 1200 });
  });

  it('keeps at most 10 challenges not yet ended per club', async () => {
    const ann = await createUser(t.app);
    const c = await club(ann);
    const body = { challenge: 'plank-drop', startDate: '2026-07-01', endDate: '2026-07-02' };
    for (let i = 0; i < 10; i++) await setChallenge(ann, c.slug, body);
    const res = await req('POST', `/api/clubs/${c.slug}/challenges`, ann, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/10 challenges not yet ended/);
  });
});

describe("a club challenge's board", () => {
  it("ranks each member's best in their own days, in their own zone", async () => {
    const ann = await createUser(t.app); // no zone: UTC
    const bob = await createUser(t.app, { timeZone: 'Pacific/Auckland' });
    const cy = await createUser(t.app, { timeZone: 'America/Los_Angeles' });
    const c = await club(ann);
    await join(bob, c);
    await join(cy, c);
    const made = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-10',
      endDate: '2026-06-12',
      target: 25,
    });
    // Bob's days run from 12:00 UTC the day before: 10 June 01:00 in Auckland counts, 13 June does not.
    await set(bob, '2026-06-09T13:00:00Z', 30);
    await set(bob, '2026-06-12T13:00:00Z', 50);
    // Cy's run to 07:00 UTC the day after: 9 June 22:00 in Los Angeles does not count, 12 June 22:00 does.
    await set(cy, '2026-06-10T05:00:00Z', 40);
    await set(cy, '2026-06-13T05:00:00Z', 25);
    await set(ann, '2026-06-11T10:00:00Z', 20);
    // Another challenge's set is not on it.
    await set(ann, '2026-06-11T11:00:00Z', 90, { challenge: 'plank-drop' });
    const d = await board(ann, c.slug, made.id);
    expect(ranks(d)).toEqual([
      [bob.username, 1, 30],
      [cy.username, 2, 25],
      [ann.username, 3, 20],
    ]);
    expect(d.entries.map((e) => e.reachedTarget)).toEqual([true, true, false]);
    expect(d).toMatchObject({ status: 'ended', participants: 3, reached: 2 });
    expect(d.me).toMatchObject({ username: ann.username, rank: 3 });
    expect(d.cardUrl).toBe(
      `https://fit.example/api/share-cards/club-challenges/${c.slug}/${made.id}.png`,
    );
    // Upcoming or current as the viewer's own days say: 18 June has begun in Auckland only.
    const next = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-18',
      endDate: '2026-06-20',
    });
    const listOf = async (who: MadeUser) =>
      (await req('GET', `/api/clubs/${c.slug}/challenges`, who)).json() as ClubChallengeList;
    expect((await listOf(ann)).upcoming.map((x) => x.id)).toEqual([next.id]);
    expect((await listOf(bob)).current.map((x) => x.id)).toEqual([next.id]);
    expect((await listOf(bob)).current[0]).toMatchObject({
      startsAt: '2026-06-17T12:00:00.000Z',
      endsAt: '2026-06-20T12:00:00.000Z',
    });
    expect((await listOf(cy)).ended.map((x) => x.id)).toEqual([made.id]);
    // Bob's set of 03:30 on 18 June, his time, is on it already.
    await set(bob, '2026-06-17T15:30:00Z', 33);
    t.clock.set('2026-06-17T16:00:00Z');
    expect(ranks(await board(cy, c.slug, next.id))).toEqual([[bob.username, 1, 33]]);
    expect((await board(cy, c.slug, next.id)).cardUrl).toBeNull();
  });

  it('counts late joiners, leaves out suspended members, hidden sets, leavers and deleted accounts', async () => {
    const ann = await createUser(t.app);
    const [bob, cy, dee, eve, fay] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createUser(t.app)),
    );
    const c = await club(ann);
    for (const m of [bob, cy, eve, fay]) await join(m!, c);
    const made = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-15',
      endDate: '2026-06-20',
    });
    const at = '2026-06-16T10:00:00Z';
    await set(bob!, at, 40);
    const hidden = await set(cy!, at, 60);
    await set(cy!, '2026-06-16T11:00:00Z', 35);
    // Dee's set was done before she joined: she takes part once in.
    await set(dee!, at, 45);
    await set(eve!, at, 70);
    await set(fay!, at, 10);
    await join(dee!, c);
    await t.app.db
      .insert(hiddenWorkouts)
      .values({ workoutId: hidden.id, userId: cy!.id, reason: 'Not a push-up' });
    await t.app.db
      .update(users)
      .set({ suspendedAt: new Date(NOW), suspendedReason: 'Spam' })
      .where(eq(users.id, eve!.id));
    await deleteUser(t.app, fay!.id);
    const d = await board(ann, c.slug, made.id);
    expect(ranks(d)).toEqual([
      [dee!.username, 1, 45],
      [bob!.username, 2, 40],
      [cy!.username, 3, 35],
    ]);
    // No age or gender is on a challenge's board: hidden or not, nobody's is shown.
    expect(Object.keys(d.entries[0]!).sort()).toEqual(
      [
        'capped',
        'createdAt',
        'profilePicture',
        'rank',
        'reachedTarget',
        'score',
        'username',
      ].sort(),
    );
    expect(d).toMatchObject({ status: 'current', participants: 3, reached: null, me: null });
    await req('POST', `/api/clubs/${c.slug}/leave`, dee!);
    expect(ranks(await board(ann, c.slug, made.id)).map((r) => r[0])).toEqual([
      bob!.username,
      cy!.username,
    ]);
  });

  it("shows a private member to the club's members only, as the club's board does", async () => {
    const ann = await createUser(t.app);
    const pia = await createUser(t.app, { isPrivate: true });
    const visitor = await createUser(t.app);
    const c = await club(ann);
    await join(pia, c);
    const made = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-10',
      endDate: '2026-06-12',
    });
    await set(pia, '2026-06-11T10:00:00Z', 50);
    await set(ann, '2026-06-11T10:00:00Z', 30);
    expect(ranks(await board(ann, c.slug, made.id))).toEqual([
      [pia.username, 1, 50],
      [ann.username, 2, 30],
    ]);
    for (const who of [visitor, null])
      expect(ranks(await board(who, c.slug, made.id))).toEqual([[ann.username, 1, 30]]);
  });
});

describe('deleting a club challenge', () => {
  it('is for admins; then it is gone', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const c = await club(ann);
    await join(bob, c);
    const made = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-20',
      endDate: '2026-06-22',
    });
    const url = `/api/clubs/${c.slug}/challenges/${made.id}`;
    expect((await req('DELETE', url, bob)).statusCode).toBe(403);
    expect((await req('DELETE', url, null)).statusCode).toBe(401);
    expect((await req('DELETE', url, ann)).statusCode).toBe(204);
    const gone = await req('GET', url, bob);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'No such challenge in this club.' });
    expect((await req('DELETE', url, ann)).statusCode).toBe(404);
    expect((await req('GET', `/api/clubs/${c.slug}/challenges/abc`, ann)).statusCode).toBe(400);
  });
});

describe('an admin whose account is gone', () => {
  it('leaves the challenge to the club, with nobody named as its setter', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const c = await club(ann);
    await join(bob, c);
    const made = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-15',
      endDate: '2026-06-20',
    });
    await set(ann, '2026-06-16T10:00:00Z', 30);
    await set(bob, '2026-06-16T10:00:00Z', 20);
    await deleteUser(t.app, ann.id);
    const d = await board(bob, c.slug, made.id);
    expect(d).toMatchObject({ createdBy: null, participants: 1 });
    expect(ranks(d)).toEqual([[bob.username, 1, 20]]);
  });
});

describe("a club challenge's result card", () => {
  it('is a PNG once ended, for a public club or with the card key, else 404', async () => {
    const ann = await createUser(t.app);
    const c = await club(ann, 'invite');
    const ended = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-10',
      endDate: '2026-06-11',
      target: 10,
    });
    await set(ann, '2026-06-10T10:00:00Z', 30);
    const { cardUrl } = await board(ann, c.slug, ended.id);
    expect(cardUrl).toMatch(/\.png\?key=[0-9a-f]{32}$/);
    const path = cardUrl!.replace('https://fit.example', '');
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ url: path.replace(/\?.*/, '') })).statusCode).toBe(404);
    const current = await setChallenge(ann, c.slug, {
      challenge: 'pushup-90',
      startDate: '2026-06-15',
      endDate: '2026-06-20',
    });
    const notYet = await t.app.inject({
      url: path.replace(`/${ended.id}.png`, `/${current.id}.png`),
    });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({ message: 'No share card here.' });
  });
});
