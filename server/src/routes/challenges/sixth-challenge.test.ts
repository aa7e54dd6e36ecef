import { describe, expect, it } from 'vitest';
import { catalogueWith } from '@common/challenges';
import { WITH_SIXTH } from '@common/testing/sixth-challenge';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';

// A challenge is one catalogue entry (docs/decisions/0212-a-challenge-is-one-entry.md): the tests'
// sixth (common/testing/sixth-challenge.ts: an interval program of rounds, counted by taps only,
// on everyone's board only) gets the whole API from its entry, with no other file changed.
describe('a sixth challenge, declared in a test catalogue only', () => {
  const t = useTestApp({
    challenges: catalogueWith(
      WITH_SIXTH.map((c) => c.id),
      WITH_SIXTH,
    ),
  });
  const save = (headers: Record<string, string>, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/workouts', payload: body, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('is listed open with its home, scoring and program', async () => {
    const list = (await get('/api/challenges')).json() as {
      id: string;
      isActive: boolean;
      path?: string;
      timer?: object;
    }[];
    expect(list.find((c) => c.id === 'lunge-ladder')).toMatchObject({
      isActive: true,
      path: '/lunge-ladder',
      scoring: { kind: 'rounds', repsPerRound: 20, min: 1, max: 600 },
      timer: { mode: 'rounds', seconds: 600 },
    });
  });

  it('saves in its range, ranks, lists, and counts in stats, profiles and the weekly goal', async () => {
    const [a, b] = [await createUser(t.app), await createUser(t.app)];
    expect((await save(a.headers, { challenge: 'lunge-ladder', score: 47 })).statusCode).toBe(201);
    expect((await save(b.headers, { challenge: 'lunge-ladder', score: 61 })).statusCode).toBe(201);
    const high = await save(b.headers, { challenge: 'lunge-ladder', score: 601 });
    expect(high.statusCode).toBe(400);
    expect(high.json().errors.score).toEqual(['Reps must be a whole number from 1 to 600']);
    // Not counted by camera, not capped: it declares neither.
    const capped = await save(b.headers, { challenge: 'lunge-ladder', score: 50, capped: true });
    expect(capped.statusCode).toBe(400);

    const board = (
      await get('/api/leaderboard/today?challenge=lunge-ladder')
    ).json() as LeaderboardEntry[];
    expect(board.map((e) => [e.username, e.rank, e.score])).toEqual([
      [b.username, 1, 61],
      [a.username, 2, 47],
    ]);
    expect(board[0]).not.toHaveProperty('pushups');
    expect((await get('/api/workouts?challenge=lunge-ladder', a.headers)).json()).toMatchObject([
      { challenge: 'lunge-ladder', score: 47 },
    ]);
    const stats = (await get('/api/stats?challenge=lunge-ladder', b.headers)).json();
    expect(stats).toMatchObject({
      challenge: 'lunge-ladder',
      bestScore: 61,
      totalScore: 61,
      totalWorkouts: 1,
      sessionsThisWeek: 1,
    });
    expect(stats).not.toHaveProperty('bestPushups');
    const profile = (await get(`/api/users/${b.username}`)).json();
    expect(profile.challenges.map((s: { challenge: string }) => s.challenge)).toContain(
      'lunge-ladder',
    );
  });
});
