import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Feed } from '@common/schemas/feed';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface FeedPage extends Feed {
  nextCursor: string | null;
}

/** GET /api/feed: newest first, a page at a time; the next page's cursor in X-Next-Cursor. */
export async function getFeedPage(cursor?: string, signal?: AbortSignal): Promise<FeedPage> {
  const path = cursor ? `/api/feed?cursor=${encodeURIComponent(cursor)}` : '/api/feed';
  const { data, headers } = await request<Feed>(path, { signal });
  return { ...data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useFeed = () => useInfiniteQuery(feedQueryOptions());
