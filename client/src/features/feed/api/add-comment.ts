import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateCommentInput } from '@common/schemas/feed';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/workouts/:id/comments. */
export const addComment = (id: number, body: CreateCommentInput) =>
  api<Comment>(`/api/workouts/${id}/comments`, { method: 'POST', body });

/** Comments on a set; the feed, the set's page and its comments are asked for again. */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentInput) => addComment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
  });
}
