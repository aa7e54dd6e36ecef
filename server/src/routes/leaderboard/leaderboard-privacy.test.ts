import { beforeEach, describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { users } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { createUser, createWorkout, type MadeUser } from '../../test/factories';

const t = useTestApp();

const NOW = '2026-06-17T15:00:00Z';
beforeEach(async () => {
  await t.app.db.delete(users);
  t.clock.set(NOW);
});

const PERIODS = ['today', 'week', 'month', 'all_time'];
async function board(period: string, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/leaderboard/${period}${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeaderboardEntry[];
}
const me = async (u: MadeUser, period: string) =>
  (await t.app.inject({ url: `/api/leaderboard/${period}/me`, headers: u.headers })).json();
const names = (rows: LeaderboardEntry[]) => rows.map((r) => r.username);
const patch = (u: MadeUser, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { ...u.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function threeMembers() {
  const top = await createUser(t.app, { username: 'topper', age: 25, gender: 'female' });
  const mid = await createUser(t.app, { username: 'middler', age: 35, gender: 'male' });
  const low = await createUser(t.app, { username: 'lowly', age: 45, gender: 'male' });
  await createWorkout(t.app, top.id, { pushups: 60, createdAt: new Date('2026-06-17T08:00:00Z') });
  await createWorkout(t.app, mid.id, {
    pushups: 50,
    createdAt: new Date('2026-06-17T09:00:00Z'),
    notes: 'secret note',
  });
  await createWorkout(t.app, low.id, { pushups: 40, createdAt: new Date('2026-06-17T10:00:00Z') });
  return { top, mid, low };
}

describe('leaderboards and the privacy settings', () => {
  it('a private member is on no board others see, the ranks close up, and their /me still tells them', async () => {
    const { top, mid, low } = await threeMembers();
    expect((await patch(top, { isPrivate: true })).statusCode).toBe(200);
    for (const period of PERIODS) {
      const rows = await board(period);
      expect(names(rows), period).toEqual(['middler', 'lowly']);
      expect(rows.map((r) => r.rank)).toEqual([1, 2]);
      // Nor on the board they themselves load, nor under a filter.
      expect(names(await board(period, '', top.headers))).not.toContain('topper');
      expect(names(await board(period, '?gender=female'))).toEqual([]);
      expect(await me(top, period), period).toMatchObject({ rank: 1, pushups: 60 });
      expect(await me(mid, period)).toMatchObject({ rank: 1, pushups: 50 });
    }
    // A new best while private stays off the boards too.
    await createWorkout(t.app, top.id, {
      pushups: 70,
      createdAt: new Date('2026-06-17T11:00:00Z'),
    });
    expect(names(await board('today'))).toEqual(['middler', 'lowly']);
    expect(await me(top, 'today')).toMatchObject({ rank: 1, pushups: 70 });
    // Ranked where they would stand among public members.
    await createWorkout(t.app, low.id, {
      pushups: 80,
      createdAt: new Date('2026-06-17T12:00:00Z'),
    });
    expect(await me(top, 'today')).toMatchObject({ rank: 2, pushups: 70 });

    // Public again: back on every board, at their place.
    expect((await patch(top, { isPrivate: false })).statusCode).toBe(200);
    for (const period of PERIODS)
      expect(names(await board(period))).toEqual(['lowly', 'topper', 'middler']);
    expect(await me(mid, 'today')).toMatchObject({ rank: 3 });
  });

  it('hidden age and gender are null on boards, and the member shows only under All Ages / All', async () => {
    const { mid } = await threeMembers();
    expect((await patch(mid, { showAgeGender: false })).statusCode).toBe(200);
    for (const period of PERIODS) {
      const rows = await board(period);
      const entry = rows.find((r) => r.username === 'middler')!;
      expect(entry).toMatchObject({ rank: 2, age: null, gender: null });
      expect(names(await board(period, '?gender=male'))).toEqual(['lowly']);
      expect(names(await board(period, '?ageGroup=30-39'))).toEqual([]);
    }
    // Changing the age while hidden does not show it.
    expect((await patch(mid, { age: 36 })).statusCode).toBe(200);
    expect((await board('week')).find((r) => r.username === 'middler')).toMatchObject({
      age: null,
      gender: null,
    });
    expect((await patch(mid, { showAgeGender: true })).statusCode).toBe(200);
    expect((await board('week')).find((r) => r.username === 'middler')).toMatchObject({
      age: 36,
      gender: 'male',
    });
    expect(names(await board('week', '?gender=male'))).toEqual(['middler', 'lowly']);
  });

  it('a board never carries notes, emails or settings', async () => {
    await threeMembers();
    for (const period of PERIODS) {
      const res = await t.app.inject({ url: `/api/leaderboard/${period}` });
      expect(res.body).not.toMatch(/secret note|notes|@example\.com|isPrivate|showAgeGender/);
    }
  });
});
