import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@common/schemas/account';
import { api } from '@/lib/api-client';
import { forgetMember } from '@/lib/offline/forget-member';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/account: the account and everything of it are gone, and the cookie is cleared. */
export const deleteAccount = (body: DeleteAccountInput) =>
  api<null>('/api/account', { method: 'DELETE', body });

// The current user's query key (owned by the auth feature; features do not import each other).

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
      const userId = queryClient.getQueryData<{ id: number } | null>(queryKeys.user)?.id;
      await forgetMember(userId).catch(() => undefined);
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
      onSuccess?.();
    },
    onError,
  });
}
