import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationCase, ModerationQueue } from '@common/schemas/moderation';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface QueuePage {
  cases: ModerationCase[];
  nextCursor: string | null;
}

/**
 * GET /api/moderation/queue: open reports grouped by target, the most pressing first, a page at a
 * time (the server's page size); the next page's cursor comes in the X-Next-Cursor header.
 */
export async function getModerationQueuePage(
  cursor?: string,
  signal?: AbortSignal,
): Promise<QueuePage> {
  const path = cursor
    ? `/api/moderation/queue?cursor=${encodeURIComponent(cursor)}`
    : '/api/moderation/queue';
  const { data, headers } = await request<ModerationQueue>(path, { signal });
  return { cases: data.cases, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

// Under ['moderation'], which every action invalidates.
export const moderationQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.moderation, 'queue'] as const,
    queryFn: ({ pageParam, signal }) => getModerationQueuePage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useModerationQueue({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...moderationQueueQueryOptions(), enabled });
}
