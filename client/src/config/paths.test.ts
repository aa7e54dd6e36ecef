import { describe, expect, it } from 'vitest';
import { isAt, paths, patternsOf } from './paths';

describe('paths', () => {
  it('builds links that the route patterns match', () => {
    expect(paths.publicProfile.getHref('a b/c')).toBe('/90second/users/a%20b%2Fc');
    expect(paths.challengeStats.getHref()).toBe('/profile/pushup-90');
    expect(paths.leaderboard.getHref()).toBe(paths.leaderboard.path);
  });

  it('names every alias once across the registry', () => {
    const all = Object.values(paths).flatMap((r) => patternsOf(r));
    expect(new Set(all).size).toBe(all.length);
  });

  it('matches a route on its path and on its aliases only', () => {
    expect(isAt(paths.leaderboard, '/leaderboard')).toBe(true);
    expect(isAt(paths.leaderboard, '/90second/leaderboard')).toBe(true);
    expect(isAt(paths.leaderboard, '/90second')).toBe(false);
  });
});
