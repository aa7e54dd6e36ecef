import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client';
import type { QueuedRequest } from './outbox';

type ApiClient = typeof ApiClientModule;

// The outbox's other saves (a plan session): what is sent, with which key, and what stays. The
// IndexedDB half runs in the browser (e2e/plan-session-offline.spec.ts); here an in-memory store.

const store = vi.hoisted(() => new Map<string, QueuedRequest>());
vi.mock('./outbox', () => ({
  listQueued: async () => [],
  markFailed: async () => undefined,
  remove: async () => undefined,
  listRequests: async (userId: number, kind: string) =>
    [...store.values()]
      .filter((r) => r.userId === userId && r.kind === kind)
      .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
  markRequestFailed: async (key: string, error: string) => {
    store.set(key, { ...store.get(key)!, error });
  },
  removeRequest: async (key: string) => {
    store.delete(key);
  },
}));
vi.mock('./clips', () => ({ settleClipOfSave: async () => undefined }));

const { ApiError } = await import('@/lib/api-client');
/** The server, as each test scripts it: an answer (or a thrown error) per path. */
const answers = new Map<string, () => unknown>();
const sent: { path: string; key: string | undefined; body: unknown }[] = [];
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<ApiClient>()),
  request: async (path: string, init: { headers?: Record<string, string>; body?: unknown }) => {
    sent.push({ path, key: init.headers?.['Idempotency-Key'], body: init.body });
    const answer = answers.get(path);
    return { data: answer ? await answer() : {}, headers: new Headers() };
  },
}));
const { syncRequests } = await import('./sync');

let n = 0;
function queue(userId: number, path: string, extra: Partial<QueuedRequest> = {}) {
  n += 1;
  const row: QueuedRequest = {
    key: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId,
    kind: 'plan-session',
    path,
    body: { done: [n] },
    about: { planId: 1, sessionId: n },
    settledBy: [409],
    queuedAt: new Date(Date.UTC(2026, 10, 29, 10, n)).toISOString(),
    ...extra,
  };
  store.set(row.key, row);
  return row;
}
const fail = (status: number, message: string) => () => {
  throw new ApiError(status, `${status}: ${message}`);
};

beforeEach(() => {
  store.clear();
  answers.clear();
  sent.length = 0;
});

describe('syncRequests', () => {
  it('sends each with its own key, oldest first; 2xx and a 409 (recorded already) leave the queue', async () => {
    const a = queue(1, '/a');
    const b = queue(1, '/b');
    const other = queue(2, '/other');
    const workout = queue(1, '/w', { kind: 'something-else' });
    answers.set('/b', fail(409, 'That session is already recorded.'));
    const result = await syncRequests(1, 'plan-session');
    expect(sent).toEqual([
      { path: '/a', key: a.key, body: a.body },
      { path: '/b', key: b.key, body: b.body },
    ]);
    expect(result).toMatchObject({ sent: 2, failed: 0 });
    expect(result.settled.map((r) => r.key)).toEqual([a.key, b.key]);
    expect([...store.keys()].sort()).toEqual([other.key, workout.key].sort());
  });

  it('a refusal stays with its message (without the status) until Retry; no connection or 5xx stops and keeps the rest', async () => {
    const refused = queue(1, '/refused');
    const later = queue(1, '/later');
    answers.set('/refused', fail(400, 'This plan is not running: resume or restart it first.'));
    answers.set('/later', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await syncRequests(1, 'plan-session')).toMatchObject({ sent: 0, failed: 1 });
    expect(store.get(refused.key)!.error).toBe(
      'This plan is not running: resume or restart it first.',
    );
    expect(store.has(later.key)).toBe(true);
    // The next trigger skips the refused one; a 503 waits too.
    sent.length = 0;
    answers.set('/later', fail(503, 'The database is not answering.'));
    expect(await syncRequests(1, 'plan-session')).toMatchObject({ sent: 0, failed: 0 });
    expect(sent.map((s) => s.path)).toEqual(['/later']);
    // Back: Retry sends the refused one again, with the same key.
    answers.clear();
    sent.length = 0;
    expect(await syncRequests(1, 'plan-session', { retryFailed: true })).toMatchObject({ sent: 2 });
    expect(sent.map((s) => s.key)).toEqual([refused.key, later.key]);
    expect(store.size).toBe(0);
  });

  it('one run at a time: a trigger during a run gets that run', async () => {
    queue(1, '/slow');
    let release: () => void = () => undefined;
    answers.set('/slow', () => new Promise<void>((r) => (release = r)));
    const first = syncRequests(1, 'plan-session');
    const second = syncRequests(1, 'plan-session');
    expect(second).toBe(first);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    expect((await first).sent).toBe(1);
    expect(sent).toHaveLength(1);
  });
});
