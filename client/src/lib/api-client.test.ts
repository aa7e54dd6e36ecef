import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, prefetch, request } from './api-client';

function mockFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const fn = vi.fn(
    async () =>
      new Response(status === 204 ? null : body, {
        status,
        statusText: status === 500 ? 'Internal Server Error' : 'X',
        headers,
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('always sends cookies and sends JSON only when a body is given', async () => {
    const fn = mockFetch(200, '{"ok":true}');
    await api('/api/x');
    const [, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();

    await api('/api/y', { method: 'POST', body: { a: 1 } });
    const [, init2] = fn.mock.calls[1] as unknown as [string, RequestInit];
    expect(init2.body).toBe('{"a":1}');
    expect((init2.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns an error into "{status}: {message}" read from the JSON body', async () => {
    mockFetch(409, '{"message":"That username is already taken.","errors":{"username":["taken"]}}');
    const err = await api('/api/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: That username is already taken.');
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).errors).toEqual({ username: ['taken'] });
  });

  it('uses the body text, or the status text when the body is empty', async () => {
    mockFetch(502, 'Bad gateway from proxy');
    await expect(api('/api/x')).rejects.toThrow('502: Bad gateway from proxy');
    mockFetch(500, '');
    await expect(api('/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('a 401 is an error, except where null is asked for', async () => {
    mockFetch(401, '{"message":"You need to sign in to do that."}');
    await expect(api('/api/stats')).rejects.toThrow('401: You need to sign in to do that.');
    mockFetch(401, '{"message":"You need to sign in to do that."}');
    await expect(api('/api/user', { nullOn401: true })).resolves.toBeNull();
  });

  it('reads 204 as null and exposes response headers', async () => {
    mockFetch(204, '');
    await expect(api('/api/logout', { method: 'POST' })).resolves.toBeNull();
    mockFetch(200, '[]', { 'x-next-cursor': 'abc' });
    const res = await request<unknown[]>('/api/workouts');
    expect(res.headers.get('x-next-cursor')).toBe('abc');
    expect(res.data).toEqual([]);
  });

  it('a prefetched GET is taken once by the first request for its path', async () => {
    const fn = mockFetch(200, '{"n":1}');
    prefetch('/api/users/ann');
    expect(fn).toHaveBeenCalledTimes(1);
    await expect(api('/api/users/ann')).resolves.toEqual({ n: 1 });
    expect(fn).toHaveBeenCalledTimes(1);
    // Taken: the next request asks again, and so does another path or method.
    await api('/api/users/ann');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a prefetched answer older than 10 s is not used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fn = mockFetch(200, '{"n":1}');
    prefetch('/api/leaderboard/today?tz=UTC&limit=100');
    vi.setSystemTime(Date.now() + 10_001);
    await api('/api/leaderboard/today?tz=UTC&limit=100');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a failed prefetch rejects only the request that takes it', async () => {
    const fn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fn);
    prefetch('/api/users/bob');
    await expect(api('/api/users/bob')).rejects.toThrow('Failed to fetch');
  });
});
