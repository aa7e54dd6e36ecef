import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/email/undo: the token of the link the old address got when the address changed. */
export const undoEmailChange = (token: string) =>
  api<{ message: string }>('/api/email/undo', { method: 'POST', body: { token } });

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    // Every session of the account ended: a device signed in to it learns so at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
