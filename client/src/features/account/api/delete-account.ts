import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@common/schemas/account';
import { api } from '@/lib/api-client';
import { forgetMember } from '@/lib/offline/forget-member';

/** DELETE /api/account: the account and everything of it are gone, and the cookie is cleared. */
export const deleteAccount = (body: DeleteAccountInput) =>
  api<null>('/api/account', { method: 'DELETE', body });

// The current user's query key (owned by the auth feature; features do not import each other).
const USER_KEY = ['user'] as const;

export function useDeleteAccount({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // Signed out: nothing personal stays cached or on the device, and boards no longer hold
      // the member.
      const userId = queryClient.getQueryData<{ id: number } | null>(USER_KEY)?.id;
      await forgetMember(userId).catch(() => undefined);
      queryClient.setQueryData(USER_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
      onSuccess?.();
    },
    onError,
  });
}
