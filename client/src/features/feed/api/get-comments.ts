import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Comment, CommentOrder } from '@common/schemas/feed';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface CommentPage {
  comments: Comment[];
  nextCursor: string | null;
}

/** GET /api/workouts/:id/comments: a page, oldest first by default; the next page's cursor in X-Next-Cursor. */
export async function getCommentPage(
  id: number,
  cursor?: string,
  signal?: AbortSignal,
  order: CommentOrder = 'oldest',
): Promise<CommentPage> {
  const query = new URLSearchParams({ order, ...(cursor ? { cursor } : {}) });
  const { data, headers } = await request<Comment[]>(`/api/workouts/${id}/comments?${query}`, {
    signal,
  });
  return { comments: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export const commentPagesOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.comments(id),
    queryFn: ({ pageParam, signal }) => getCommentPage(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * A set's comments, a page at a time (Show more fetches the next). `first`: a first page already
 * read (the set's page carries one), so it is not asked for again.
 */
export const useCommentPages = (id: number, first?: CommentPage) =>
  useInfiniteQuery({
    ...commentPagesOptions(id),
    ...(first
      ? {
          initialData: {
            pages: [first],
            pageParams: [undefined],
          } satisfies InfiniteData<CommentPage, string | undefined>,
        }
      : {}),
  });
