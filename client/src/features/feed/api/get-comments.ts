import { useQuery } from '@tanstack/react-query';
import type { Comment } from '@common/schemas/feed';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/workouts/:id/comments: oldest first. */
export const getComments = (id: number, signal?: AbortSignal) =>
  api<Comment[]>(`/api/workouts/${id}/comments`, { signal });

export const useComments = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.comments(id),
    queryFn: ({ signal }) => getComments(id, signal),
    enabled,
  });
