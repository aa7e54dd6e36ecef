import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/clubs/:slug/challenges/:id (admins). */
export const deleteClubChallenge = ({ slug, id }: { slug: string; id: number }) =>
  api<null>(`/api/clubs/${encodeURIComponent(slug)}/challenges/${id}`, { method: 'DELETE' });

export function useDeleteClubChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClubChallenge,
    onSuccess: (_, { slug }) =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubChallenges(slug) }),
  });
}
