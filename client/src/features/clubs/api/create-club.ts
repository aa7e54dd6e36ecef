import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClubInput, CreatedClub } from '@common/schemas/clubs';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { rememberInvite } from '../utils/invite-store';

/** POST /api/clubs: the answer carries the invite code, given this once. */
export const createClub = (body: CreateClubInput) =>
  api<CreatedClub>('/api/clubs', { method: 'POST', body });

export function useCreateClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClub,
    onSuccess: (club) => {
      rememberInvite(club.slug, club.inviteCode);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubs });
    },
  });
}
