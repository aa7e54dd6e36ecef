import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@common/schemas/account';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/password: 204; every other session of the user ends. */
export const changePassword = (body: ChangePasswordInput) =>
  api<null>('/api/password', { method: 'POST', body });

export function useChangePassword({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      // The other devices were signed out.
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      onSuccess?.();
    },
    onError,
  });
}
