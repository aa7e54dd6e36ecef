import { describe, expect, it } from 'vitest';
import { CATALOGUE, catalogueWith, CHALLENGES, type CatalogueEntry } from '@common/challenges';
import { EVERY_OPENABLE, isAt, paths, patternsOf } from './paths';

const THREE_OPEN = catalogueWith(['pushup-90', 'burpees-or-bust', 'plank-drop']);

describe('paths', () => {
  it('builds links that the route patterns match', () => {
    expect(paths.publicProfile.getHref('a b/c')).toBe('/90second/users/a%20b%2Fc');
    expect(paths.challengeStats.getHref()).toBe('/profile/pushup-90');
    expect(paths.leaderboard.getHref()).toBe(paths.leaderboard.path);
  });

  it('names every alias once across the registry', () => {
    for (const challenges of [CHALLENGES, THREE_OPEN, EVERY_OPENABLE]) {
      const all = Object.values(paths).flatMap((r) => patternsOf(r, challenges));
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('matches a route on its path and on its aliases only', () => {
    expect(isAt(paths.leaderboard, '/leaderboard')).toBe(true);
    expect(isAt(paths.leaderboard, '/90second/leaderboard')).toBe(true);
    expect(isAt(paths.leaderboard, '/90second')).toBe(false);
  });

  it('has the routes of the specification, and only those, with the catalogue as shipped', () => {
    expect(patternsOf(paths.challengeHome, CHALLENGES)).toEqual([
      '/90second',
      '/nickels-dimes',
      '/burpees-or-bust',
      '/dashboard',
    ]);
    expect(patternsOf(paths.leaderboard, CHALLENGES)).toEqual([
      '/90second/leaderboard',
      '/leaderboard',
    ]);
    expect(patternsOf(paths.timer, CHALLENGES)).toEqual(['/90second/timer', '/timer']);
    expect(patternsOf(paths.logWorkout, CHALLENGES)).toEqual([
      '/90second/log-workout',
      '/log-workout',
    ]);
    expect(patternsOf(paths.challengeStats, CHALLENGES)).toEqual([
      '/profile/:challenge',
      '/90second-profile',
    ]);
  });

  it('gives each open challenge its home, timer, log and board under its slug', () => {
    expect(patternsOf(paths.challengeHome, THREE_OPEN)).toEqual([
      '/90second',
      '/nickels-dimes',
      '/burpees-or-bust',
      '/plank-drop',
      '/dashboard',
    ]);
    expect(patternsOf(paths.timer, THREE_OPEN)).toEqual([
      '/90second/timer',
      '/burpees-or-bust/timer',
      '/plank-drop/timer',
      '/timer',
    ]);
    expect(patternsOf(paths.leaderboard, THREE_OPEN)).toContain('/plank-drop/leaderboard');
    expect(patternsOf(paths.logWorkout, THREE_OPEN)).toContain('/burpees-or-bust/log-workout');
    // A closed challenge keeps what it had: a Coming Soon home, no timer.
    expect(isAt(paths.timer, '/burpees-or-bust/timer', CHALLENGES)).toBe(false);
    expect(isAt(paths.timer, '/burpees-or-bust/timer', THREE_OPEN)).toBe(true);
    // Every entry of the catalogue now has a workout, so each may be opened.
    expect(patternsOf(paths.timer, EVERY_OPENABLE)).toContain('/nickels-dimes/timer');
    expect(patternsOf(paths.timer, EVERY_OPENABLE)).toContain('/mfm-challenge/timer');
    // An entry without a workout never gets screens, even when named in the setting.
    const planned: CatalogueEntry = {
      ...CATALOGUE[1]!,
      id: 'planned',
      slug: 'planned',
      scoring: undefined,
      timer: undefined,
    };
    expect(
      patternsOf(paths.timer, catalogueWith(['pushup-90', 'planned'], [...CATALOGUE, planned])),
    ).not.toContain('/planned/timer');
  });

  it('links to a challenge by its id, the push-up challenge by default', () => {
    expect(paths.challengeHome.getHref()).toBe('/90second');
    expect(paths.challengeHome.getHref('plank-drop')).toBe('/plank-drop');
    expect(paths.timer.getHref('burpees-or-bust')).toBe('/burpees-or-bust/timer');
    expect(paths.logWorkout.getHref('plank-drop')).toBe('/plank-drop/log-workout');
    expect(paths.leaderboard.getHref('pushup-90')).toBe('/90second/leaderboard');
    expect(paths.leaderboard.getHref('plank-drop')).toBe('/plank-drop/leaderboard');
    expect(paths.challengeStats.getHref('plank-drop')).toBe('/profile/plank-drop');
    expect(paths.timer.getHref('no-such-challenge')).toBe('/90second/timer');
  });
});
