import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetServedChallenges } from '@/lib/challenges';
import { prefetchRouteData } from './route-data';

afterEach(() => {
  vi.unstubAllGlobals();
  resetServedChallenges();
});

/** The page as a server with CHALLENGES=`open` serves it (its meta tag). */
function serve(open: string) {
  vi.stubGlobal('document', {
    querySelector: (sel: string) =>
      sel === 'meta[name="fitbench-challenges"]' ? { getAttribute: () => open } : null,
  });
  resetServedChallenges();
}

async function calls(pathname: string, search?: string) {
  const fn = vi.fn(async () => new Response('null'));
  vi.stubGlobal('fetch', fn);
  await prefetchRouteData(pathname, search);
  return fn.mock.calls.map((c) => (c as unknown[])[0]);
}

describe('prefetchRouteData', () => {
  it('asks for the Today board on the leaderboard and its alias', async () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const board = `/api/leaderboard/today?${new URLSearchParams({ tz, limit: '100' })}`;
    expect(await calls('/90second/leaderboard')).toEqual([board]);
    expect(await calls('/leaderboard/')).toEqual([board]);
  });

  it('asks for the board the address names: its period and kind, unfiltered', async () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(
      await calls('/90second/leaderboard', '?period=week&age=30-39&gender=female&verified=1'),
    ).toEqual([
      `/api/leaderboard/week?${new URLSearchParams({ tz, limit: '100', verified: 'true' })}`,
    ]);
    expect(await calls('/leaderboard', '?period=nonsense')).toEqual([
      `/api/leaderboard/today?${new URLSearchParams({ tz, limit: '100' })}`,
    ]);
  });

  it('asks for the board of the challenge in the address, without a kind it does not have', async () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    serve('pushup-90,plank-drop');
    expect(await calls('/plank-drop/leaderboard', '?period=week&verified=1')).toEqual([
      `/api/leaderboard/week?${new URLSearchParams({ challenge: 'plank-drop', tz, limit: '100' })}`,
    ]);
    expect(await calls('/leaderboard')).toEqual([
      `/api/leaderboard/today?${new URLSearchParams({ tz, limit: '100' })}`,
    ]);
  });

  it('asks for no board of a challenge that is not open', async () => {
    expect(await calls('/plank-drop/leaderboard')).toEqual([]);
  });

  it('asks for the profile of the username in the path', async () => {
    expect(await calls('/90second/users/Ann.B')).toEqual(['/api/users/Ann.B']);
  });

  it('asks for nothing elsewhere', async () => {
    expect(await calls('/')).toEqual([]);
    expect(await calls('/auth')).toEqual([]);
    expect(await calls('/users')).toEqual([]);
    expect(await calls('/90second/users/ann/extra')).toEqual([]);
  });
});
