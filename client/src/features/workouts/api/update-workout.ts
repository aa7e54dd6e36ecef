import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditWorkoutInput } from '@common/schemas/workout-edit';
import type { Workout } from '@common/schemas/workouts';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { invalidateWorkoutData } from './invalidate';

/**
 * Changes one of the member's sets (PATCH /api/workouts/:id): only the fields sent change. The
 * same body twice changes it once (docs/decisions/0203-editing-a-set.md), so a repeated tap needs
 * no key.
 */
export const updateWorkout = ({ id, body }: { id: number; body: EditWorkoutInput }) =>
  api<Workout>(`/api/workouts/${id}`, { method: 'PATCH', body });

export function useUpdateWorkout({ onSuccess }: { onSuccess?: (workout: Workout) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkout,
    onSuccess: async (workout) => {
      toast({ title: t`Workout updated` });
      onSuccess?.(workout);
      // Its lists, stats, every board and public profile, as a save or a delete.
      await invalidateWorkoutData(queryClient);
    },
    onError: (error) =>
      toast({
        title: t`Failed to update workout`,
        description: error.message,
        variant: 'destructive',
      }),
  });
}
