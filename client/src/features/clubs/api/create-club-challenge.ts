import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClubChallenge, CreateClubChallengeInput } from '@common/schemas/club-challenges';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/clubs/:slug/challenges (admins). */
export const createClubChallenge = ({
  slug,
  body,
}: {
  slug: string;
  body: CreateClubChallengeInput;
}) =>
  api<ClubChallenge>(`/api/clubs/${encodeURIComponent(slug)}/challenges`, {
    method: 'POST',
    body,
  });

export function useCreateClubChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClubChallenge,
    onSuccess: (_, { slug }) =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.clubChallenges(slug) }),
  });
}
