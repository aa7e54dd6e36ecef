import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@common/schemas/auth';
import type { UpdateProfileInput } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/profile: fields left out stay as they are; the answer is the signed-in user. */
export const updateProfile = (body: UpdateProfileInput) =>
  api<User>('/api/profile', { method: 'PATCH', body });

// The current user's query key (owned by the auth feature; features do not import each other).

export function useUpdateProfile({
  onSuccess,
  onError,
}: { onSuccess?: (user: User) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // The header avatar and the profile screen read ['user'].
      queryClient.setQueryData<User | null>(queryKeys.user, (old) =>
        old ? { ...old, ...user } : user,
      );
      // Boards and the public profile show the picture, age and gender too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard });
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicProfile(user.username) });
      onSuccess?.(user);
    },
    onError,
  });
}
