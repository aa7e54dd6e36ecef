import { useQuery } from '@tanstack/react-query';
import type { QueuedRequest } from '@/lib/offline/outbox';
import { mayHaveQueued } from '@/lib/offline/last-user';
import { queryKeys } from '@/lib/query-keys';

/** The outbox's kind for a plan session saved offline (lib/offline/outbox.ts). */
export const PLAN_SESSION_KIND = 'plan-session';

/** A plan session waiting on this device: its plan, session and what was done. */
export interface QueuedSession extends QueuedRequest {
  about: { planId: number; sessionId: number };
  body: { done: number[] };
}

/** Under the workouts' outbox key, so that what refreshes one refreshes both. */
export const queuedSessionsKey = (userId: number) =>
  [...queryKeys.outbox(userId), PLAN_SESSION_KIND] as const;

/** Plan sessions saved offline and not yet accepted by the server (IndexedDB, read lazily). */
export function useQueuedSessions(userId: number) {
  return useQuery({
    queryKey: queuedSessionsKey(userId),
    queryFn: async (): Promise<QueuedSession[]> => {
      if (!mayHaveQueued(userId)) return [];
      const { listRequests } = await import('@/lib/offline/outbox');
      return (await listRequests(userId, PLAN_SESSION_KIND)) as QueuedSession[];
    },
    networkMode: 'always',
  });
}
