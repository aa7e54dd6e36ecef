import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchRouteData } from './route-data';

afterEach(() => vi.unstubAllGlobals());

function calls(pathname: string, search?: string) {
  const fn = vi.fn(async () => new Response('null'));
  vi.stubGlobal('fetch', fn);
  prefetchRouteData(pathname, search);
  return fn.mock.calls.map((c) => (c as unknown[])[0]);
}

describe('prefetchRouteData', () => {
  it('asks for the Today board on the leaderboard and its alias', () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const board = `/api/leaderboard/today?${new URLSearchParams({ tz, limit: '100' })}`;
    expect(calls('/90second/leaderboard')).toEqual([board]);
    expect(calls('/leaderboard/')).toEqual([board]);
  });

  it('asks for the board the address names: its period and kind, unfiltered', () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(calls('/90second/leaderboard', '?period=week&age=30-39&gender=female&verified=1')).toEqual([
      `/api/leaderboard/week?${new URLSearchParams({ tz, limit: '100', verified: 'true' })}`,
    ]);
    expect(calls('/leaderboard', '?period=nonsense')).toEqual([
      `/api/leaderboard/today?${new URLSearchParams({ tz, limit: '100' })}`,
    ]);
  });

  it('asks for the profile of the username in the path', () => {
    expect(calls('/90second/users/Ann.B')).toEqual(['/api/users/Ann.B']);
  });

  it('asks for nothing elsewhere', () => {
    expect(calls('/')).toEqual([]);
    expect(calls('/auth')).toEqual([]);
    expect(calls('/users')).toEqual([]);
    expect(calls('/90second/users/ann/extra')).toEqual([]);
  });
});
