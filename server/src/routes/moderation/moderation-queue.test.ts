import { beforeAll, describe, expect, it } from 'vitest';
import type { ModerationCase } from '@common/schemas/moderation';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

// The queue cannot be buried (docs/decisions/0207-moderation-queue-and-moderators.md): it pages,
// and ranks reports on top board entries and by established members before reports from accounts
// minutes old.
const t = useTestApp();

let mod: MadeUser;
beforeAll(async () => {
  mod = await createUser(t.app, { role: 'moderator' });
});

const report = (by: MadeUser, target: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: by.headers,
    payload: { target, reason: 'fake-score' },
  });
async function queuePage(query = '') {
  const res = await t.app.inject({ url: `/api/moderation/queue${query}`, headers: mod.headers });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cases: res.json().cases as ModerationCase[],
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}
const keyOf = (c: ModerationCase) =>
  c.target.kind === 'workout' ? `w${c.target.workoutId}` : `m${c.member.id}`;

describe('the moderation queue', () => {
  it('keeps an honest report on a top entry first when 110 reports from 11 new accounts follow it, and pages through all', async () => {
    // An established member (a year old, with sets) reports the board's top set.
    const honest = await createUser(t.app);
    for (const pushups of [40, 42, 45]) await createWorkout(t.app, honest.id, { pushups });
    const cheater = await createUser(t.app);
    const fake = await createWorkout(t.app, cheater.id, { pushups: 299 });
    expect((await report(honest, { kind: 'workout', workoutId: fake.id })).statusCode).toBe(201);

    // 11 throwaway accounts minutes old send 10 reports each, on 110 other members, after it.
    const targets = await Promise.all(Array.from({ length: 110 }, () => createUser(t.app)));
    const minutesOld = new Date(t.app.now().getTime() - 5 * 60_000);
    for (let a = 0; a < 11; a++) {
      const throwaway = await createUser(t.app, { createdAt: minutesOld });
      for (const target of targets.slice(a * 10, a * 10 + 10))
        expect(
          (await report(throwaway, { kind: 'member', username: target.username })).statusCode,
        ).toBe(201);
    }

    const first = await queuePage();
    expect(first.cases).toHaveLength(20);
    expect(first.cases[0]!.target).toEqual({
      kind: 'workout',
      workoutId: fake.id,
      username: cheater.username,
    });
    expect(first.cases[0]!.reports.map((r) => r.reporter)).toEqual([honest.username]);

    // Every case once, across pages, to the end.
    const seen = first.cases.map(keyOf);
    let next = first.next;
    while (next) {
      const page = await queuePage(`?limit=50&cursor=${encodeURIComponent(next)}`);
      seen.push(...page.cases.map(keyOf));
      next = page.next;
    }
    expect(seen).toHaveLength(111);
    expect(new Set(seen).size).toBe(111);
  });

  it("weighs an established member's report over several from accounts minutes old, on entries off the top", async () => {
    const minutesOld = new Date(t.app.now().getTime() - 5 * 60_000);
    const gang = await Promise.all(
      [1, 2, 3].map(() => createUser(t.app, { createdAt: minutesOld })),
    );
    const member = await createUser(t.app);
    const [a, b] = await Promise.all([1, 2].map(() => createUser(t.app)));
    // Profiles: no board bonus on either.
    expect((await report(member, { kind: 'member', username: a!.username })).statusCode).toBe(201);
    for (const g of gang)
      expect((await report(g, { kind: 'member', username: b!.username })).statusCode).toBe(201);
    const { cases } = await queuePage('?limit=100');
    const order = cases.map((c) => c.member.id).filter((id) => id === a!.id || id === b!.id);
    expect(order).toEqual([a!.id, b!.id]);
  });

  it("leaves out the moderator's own cases, and refuses a cursor it did not make", async () => {
    const member = await createUser(t.app);
    expect((await report(member, { kind: 'member', username: mod.username })).statusCode).toBe(201);
    const { cases } = await queuePage('?limit=100');
    expect(cases.some((c) => c.member.id === mod.id)).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/moderation/members/${mod.username}`, headers: mod.headers }))
        .statusCode,
    ).toBe(403);
    for (const bad of [
      'nonsense',
      Buffer.from('1|x').toString('base64url'),
      Buffer.from('5|0').toString('base64url'),
    ]) {
      const res = await t.app.inject({
        url: `/api/moderation/queue?cursor=${bad}`,
        headers: mod.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
