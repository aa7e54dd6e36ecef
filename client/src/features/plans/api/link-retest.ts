import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@common/schemas/plans';
import { api } from '@/lib/api-client';
import { planKeys } from './plan-keys';

/** POST /api/plans/:id/retest: a saved test set becomes the plan's due re-test. */
export const linkRetest = ({ planId, workoutId }: { planId: number; workoutId: number }) =>
  api<Plan>(`/api/plans/${planId}/retest`, { method: 'POST', body: { workoutId } });

export function useLinkRetest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkRetest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
