import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/clubs/:slug/members/:username (admins). */
export const removeMember = ({ slug, username }: { slug: string; username: string }) =>
  api<null>(`/api/clubs/${encodeURIComponent(slug)}/members/${encodeURIComponent(username)}`, {
    method: 'DELETE',
  });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubs });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard });
    },
  });
}
