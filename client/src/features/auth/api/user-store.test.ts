import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// get-user.ts keeps module state (the page's current user): a fresh copy per test.
async function load() {
  vi.resetModules();
  const store = await import('./get-user');
  const bridge = await import('./user-query-bridge');
  return { ...store, ...bridge };
}

const alice = {
  id: 1,
  username: 'alice',
  email: 'a@example.com',
  fullName: null,
  age: null,
  gender: null,
  profilePicture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
let answers: unknown[];
const fetchMock = vi.fn(
  async () => new Response(JSON.stringify({ user: answers.shift() ?? null }), { status: 200 }),
);
const tick = () => new Promise((r) => setTimeout(r, 0));
// A member's answer is recorded on the device first, by a chunk loaded then (get-user.ts): wait for
// the store to settle, not for one turn of the event loop.
const settled = (s: { currentUserState: () => { isPending: boolean } }) =>
  vi.waitFor(() => expect(s.currentUserState().isPending).toBe(false));

beforeEach(() => {
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('current user before and after the query client', () => {
  it('is pending, then fetched once from /api/session by the first subscriber', async () => {
    const s = await load();
    answers = [alice];
    expect(s.currentUserState()).toEqual({ data: undefined, isPending: true, isError: false });
    const seen: unknown[] = [];
    s.subscribeToUser(() => seen.push(s.currentUserState().data));
    s.subscribeToUser(() => undefined);
    await settled(s);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(expect.arrayContaining(['/api/session']));
    expect(s.currentUserState()).toEqual({ data: alice, isPending: false, isError: false });
    expect(seen).toEqual([alice]);
  });

  it('a visitor is null, and a failed fetch is an error with no user', async () => {
    const s = await load();
    s.subscribeToUser(() => undefined);
    await tick();
    expect(s.currentUserState()).toEqual({ data: null, isPending: false, isError: false });

    const t = await load();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    t.subscribeToUser(() => undefined);
    await tick();
    expect(t.currentUserState()).toEqual({ data: undefined, isPending: false, isError: true });
  });

  it('the query client adopts the first fetch, then its ["user"] query drives the store', async () => {
    const s = await load();
    answers = [alice];
    s.subscribeToUser(() => undefined);
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    s.bindUserToQueryClient(client);
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(s.userQueryKey)).toEqual(alice);
    expect(s.currentUserState().data).toEqual(alice);

    // Logout and login set the query's data: the header (store) follows.
    client.setQueryData(s.userQueryKey, null);
    expect(s.currentUserState()).toEqual({ data: null, isPending: false, isError: false });
    client.setQueryData(s.userQueryKey, { ...alice, fullName: 'Alice A.' });
    expect(s.currentUserState().data?.fullName).toBe('Alice A.');

    // An invalidation refetches (the bridge's observer keeps the query active).
    answers = [{ ...alice, username: 'alice2' }];
    await client.invalidateQueries({ queryKey: s.userQueryKey });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(s.currentUserState().data?.username).toBe('alice2');
  });

  it('a query client made before anyone asked fetches the user once', async () => {
    const s = await load();
    answers = [alice];
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    s.bindUserToQueryClient(client);
    s.subscribeToUser(() => undefined);
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(s.currentUserState()).toEqual({ data: alice, isPending: false, isError: false });
  });
});
