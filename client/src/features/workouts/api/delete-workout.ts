import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { invalidateWorkoutData } from './invalidate';

export const deleteWorkout = (id: number) => api<null>(`/api/workouts/${id}`, { method: 'DELETE' });

export function useDeleteWorkout({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkout,
    onSuccess: async () => {
      toast({ title: t`Workout deleted` });
      onSuccess?.();
      await invalidateWorkoutData(queryClient);
    },
    onError: (error) =>
      toast({
        title: t`Failed to delete workout`,
        description: error.message,
        variant: 'destructive',
      }),
  });
}
