import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClubDetail } from '@common/schemas/clubs';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/clubs/:slug/join (with the invite code for an invite-only club). */
export const joinClub = ({ slug, code }: { slug: string; code?: string }) =>
  api<ClubDetail>(`/api/clubs/${encodeURIComponent(slug)}/join`, {
    method: 'POST',
    body: code ? { code } : {},
  });

export function useJoinClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinClub,
    onSuccess: (club) => {
      queryClient.setQueryData(queryKeys.club(club.slug), club);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubs });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard });
    },
  });
}
