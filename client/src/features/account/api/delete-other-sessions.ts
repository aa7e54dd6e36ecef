import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/sessions: signs out every device but this one. */
export const deleteOtherSessions = () => api<null>('/api/sessions', { method: 'DELETE' });

export function useDeleteOtherSessions({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOtherSessions,
    onSuccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
    onError,
  });
}
