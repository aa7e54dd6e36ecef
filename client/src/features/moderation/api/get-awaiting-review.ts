import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AwaitingReview } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/moderation/awaiting-review: the verified board's top sets whose clip nobody reviewed. */
export const getAwaitingReview = (challenge: string, signal?: AbortSignal) =>
  api<AwaitingReview>(`/api/moderation/awaiting-review?${new URLSearchParams({ challenge })}`, {
    signal,
  });

export const awaitingReviewQueryOptions = (challenge: string) =>
  queryOptions({
    queryKey: [...queryKeys.moderation, 'awaiting-review', challenge] as const,
    queryFn: ({ signal }) => getAwaitingReview(challenge, signal),
  });

/** The ids of the workouts awaiting review (only asked for when the viewer is a moderator). */
export function useAwaitingReview(challenge: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...awaitingReviewQueryOptions(challenge),
    enabled,
    select: (data) => new Set(data.workouts.map((w) => w.id)),
  });
}
