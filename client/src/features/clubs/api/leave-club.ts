import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { forgetInvite } from '../utils/invite-store';

/** POST /api/clubs/:slug/leave. */
export const leaveClub = (slug: string) =>
  api<null>(`/api/clubs/${encodeURIComponent(slug)}/leave`, { method: 'POST' });

export function useLeaveClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveClub,
    onSuccess: (_, slug) => {
      forgetInvite(slug);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubs });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard });
    },
  });
}
