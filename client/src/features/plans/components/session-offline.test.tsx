import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGE } from '@common/challenges';
import type { Prescription } from '@common/plans';
import type { Plan, PlanSession, TodaySession } from '@common/schemas/plans';
import type { User } from '@common/schemas/auth';
import { openChallengeById } from '@/lib/challenges';
import type { QueuedRequest } from '@/lib/offline/outbox';
import { renderWithApp, signUp } from '@/test/render';
import { usePlanOutboxSync } from '../hooks/use-plan-outbox-sync';
import { progressKey } from '../utils/session-store';
import { PlanSessionRun } from './plan-session-run';

// A plan session saved without a connection (docs/decisions/0312-plan-sessions-in-the-outbox.md),
// against the real API: it waits in the outbox (in memory here: happy-dom has no IndexedDB; the
// browser's is e2e/plan-session-offline.spec.ts), survives a new page, and goes once, with its key.

const store = vi.hoisted(() => new Map<string, QueuedRequest>());
vi.mock('@/lib/offline/outbox', () => ({
  enqueueRequest: async (r: QueuedRequest) => void store.set(r.key, r),
  listRequests: async (userId: number, kind: string) =>
    [...store.values()].filter((r) => r.userId === userId && r.kind === kind),
  markRequestFailed: async (key: string, error: string) =>
    void store.set(key, { ...store.get(key)!, error }),
  removeRequest: async (key: string) => void store.delete(key),
  listQueued: async () => [],
  hasQueued: async (userId: number) => [...store.values()].some((r) => r.userId === userId),
}));

const SLOW = 30_000;
const realFetch = globalThis.fetch.bind(globalThis);
/** The plan sessions' POSTs the page made (offline ones included), with their key. */
const posts: { url: string; key: string | null }[] = [];
let offline = false;
vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (init?.method === 'POST' && url.includes('/sessions/'))
    posts.push({ url, key: new Headers(init.headers).get('idempotency-key') });
  // As a browser without a connection: fetch rejects with a TypeError.
  return offline ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init);
});
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
// Loaded before the test: imported first from inside a test, its own import of the outbox would
// not take the mock above.
await import('@/lib/offline/sync');
afterEach(() => {
  offline = false;
});

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await realFetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A member with a plan whose first session is due today (UTC), every set of it done. */
async function finishedSession() {
  await signUp();
  const me = await api<User>('/api/user');
  await api('/api/workouts', { challenge: DEFAULT_CHALLENGE, score: 40 });
  const d = new Date().getUTCDay();
  await api<Plan>('/api/plans', {
    challenge: DEFAULT_CHALLENGE,
    days: [d, (d + 2) % 7, (d + 4) % 7],
  });
  const today = await api<TodaySession>('/api/plans/today');
  const session = today.session as PlanSession & { prescription: Prescription };
  const sets = session.prescription.sets;
  sessionStorage.setItem(
    progressKey(me.id),
    JSON.stringify({
      sessionId: session.id,
      index: sets.length,
      phase: 'ready',
      endsAt: null,
      done: sets,
    }),
  );
  return { me, plan: today.plan!, session };
}

const voice = {
  prime: () => undefined,
  speak: () => undefined,
  beep: () => undefined,
  muted: true,
  setMuted: () => undefined,
};

describe('a plan session saved offline', () => {
  it(
    'waits on the device, still waits on a new page, and is recorded once when back online',
    async () => {
      const { me, plan, session } = await finishedSession();
      const onSaved = vi.fn();
      function Screen() {
        usePlanOutboxSync(me.id);
        return (
          <PlanSessionRun
            plan={plan}
            session={session}
            challenge={openChallengeById(plan.challenge)!}
            userId={me.id}
            voice={voice}
            onSaved={onSaved}
          />
        );
      }
      const first = renderWithApp(<Screen />);
      offline = true;
      await first.user.click(await screen.findByRole('button', { name: 'Save session' }));
      expect(
        await screen.findByText('Saved on this device; it will be sent when you are back online.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save session' })).toBeNull();
      const [queued] = [...store.values()];
      expect(queued).toMatchObject({
        userId: me.id,
        kind: 'plan-session',
        path: `/api/plans/${plan.id}/sessions/${session.id}/done`,
        body: { done: session.prescription.sets },
      });
      expect(posts.map((p) => p.key)).toEqual([queued!.key]);

      // A new page (a reload), still offline: the session still waits, nothing is asked again.
      first.unmount();
      const second = renderWithApp(<Screen />);
      expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
      expect(onSaved).not.toHaveBeenCalled();

      // Back online: sent once, with the key it was queued with; the plan has it.
      offline = false;
      act(() => void window.dispatchEvent(new Event('online')));
      await vi.waitFor(() =>
        expect(document.body.textContent).toContain('Your saved session was sent'),
      );
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      expect(store.size).toBe(0);
      expect(posts.map((p) => p.key)).toEqual([queued!.key, queued!.key]);
      const after = await api<Plan>(`/api/plans/${plan.id}`);
      expect(after.sessionsDone).toBe(1);
      expect(after.sessions[0]!.done).toEqual(session.prescription.sets);
      // The answer lost and the same save sent again: answered as the first, not recorded twice.
      const again = await realFetch(queued!.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': queued!.key },
        body: JSON.stringify({ done: [1, 1, 1, 1, 1] }),
        credentials: 'include',
      });
      expect(again.status).toBe(200);
      expect((await api<Plan>(`/api/plans/${plan.id}`)).sessions[0]!.done).toEqual(
        session.prescription.sets,
      );
      second.unmount();
    },
    SLOW,
  );
});
