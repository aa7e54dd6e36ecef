import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@common/schemas/auth';
import type { CompleteResetInput } from '@common/schemas/recovery';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';

export const completePasswordReset = (body: CompleteResetInput) =>
  api<User>('/api/password-reset/complete', { method: 'POST', body });

/** A new password from a reset link; the answer signs the member in (every other session ended). */
export function useCompletePasswordReset({
  onSuccess,
  onError,
}: { onSuccess?: (user: User) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePasswordReset,
    onSuccess: (user) => {
      // Data of whoever used this device before must not show for this member.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      onSuccess?.(user);
    },
    onError,
  });
}
