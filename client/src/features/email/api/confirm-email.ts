import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/email/confirm: the token of a confirmation link (no sign-in needed). */
export const confirmEmail = (token: string) =>
  api<{ message: string }>('/api/email/confirm', { method: 'POST', body: { token } });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // A member signed in on this device sees "confirmed" at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
