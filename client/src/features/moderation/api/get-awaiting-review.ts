import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AwaitingReview } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/moderation/awaiting-review: the moderators' main queue, every challenge's recounted
 * sets in a Verified board's top three, the longest waiting first.
 */
export const getAwaitingReview = (signal?: AbortSignal) =>
  api<AwaitingReview>('/api/moderation/awaiting-review', { signal });

export const awaitingReviewQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.moderation, 'awaiting-review'] as const,
    queryFn: ({ signal }) => getAwaitingReview(signal),
  });

export function useAwaitingReview() {
  return useQuery(awaitingReviewQueryOptions());
}
