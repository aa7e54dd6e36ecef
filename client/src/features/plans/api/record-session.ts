import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** POST /api/plans/:id/sessions/:sessionId/done: what was done, set by set. */
export const recordSession = ({
  planId,
  sessionId,
  done,
}: {
  planId: number;
  sessionId: number;
  done: number[];
}) =>
  api<Plan>(`/api/plans/${planId}/sessions/${sessionId}/done`, { method: 'POST', body: { done } });

export function useRecordSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSession,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
