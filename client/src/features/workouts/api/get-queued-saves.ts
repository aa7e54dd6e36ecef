import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueuedSave } from '@/lib/offline/outbox';
import { mayHaveQueued } from '@/lib/offline/last-user';
import { queryKeys } from '@/lib/query-keys';

export const outboxQueryKey = queryKeys.outbox;

/** Saves made offline and not yet accepted by the server (IndexedDB, read lazily). */
export const queuedSavesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: outboxQueryKey(userId),
    queryFn: async (): Promise<QueuedSave[]> => {
      if (!mayHaveQueued(userId)) return [];
      const { listQueued } = await import('@/lib/offline/outbox');
      return listQueued(userId);
    },
    networkMode: 'always',
  });

export function useQueuedSaves(userId: number) {
  return useQuery(queuedSavesQueryOptions(userId));
}
