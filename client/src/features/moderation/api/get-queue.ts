import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationQueue } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/moderation/queue: open reports grouped by target, the newest report first. */
export const getModerationQueue = (signal?: AbortSignal) =>
  api<ModerationQueue>('/api/moderation/queue', { signal });

export const moderationQueueQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.moderation, 'queue'] as const,
    queryFn: ({ signal }) => getModerationQueue(signal),
  });

export function useModerationQueue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...moderationQueueQueryOptions(), enabled });
}
