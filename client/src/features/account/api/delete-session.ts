import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/sessions/:id: signs that device out. */
export const deleteSession = (id: string) =>
  api<null>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteSession({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
    onError,
  });
}
