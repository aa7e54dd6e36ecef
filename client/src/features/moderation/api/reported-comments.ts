import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentModerationInput, ReportedComment } from '@common/schemas/feed';
import type { ModerationActionResult } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/moderation/comments: comments with open reports, the most reported first. */
export const getReportedComments = (signal?: AbortSignal) =>
  api<{ comments: ReportedComment[] }>('/api/moderation/comments', { signal });

export const useReportedComments = () =>
  useQuery({
    queryKey: [...queryKeys.moderation, 'comments'] as const,
    queryFn: ({ signal }) => getReportedComments(signal),
  });

/** POST /api/moderation/comments/:id: hide a comment (or show it again) with a reason. */
export function useModerateComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentModerationInput) =>
      api<ModerationActionResult>(`/api/moderation/comments/${id}`, { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation }),
        queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
      ]),
  });
}
