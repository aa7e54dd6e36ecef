import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  IDEMPOTENCY_KEY_HEADER,
  type CreateWorkoutInput,
  type CreatedWorkout,
} from '@common/schemas/workouts';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { invalidateWorkoutData } from './invalidate';

export const createWorkout = (body: CreateWorkoutInput, idempotencyKey: string) =>
  api<CreatedWorkout>('/api/workouts', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * Saves a workout (docs/product.md#idempotent-saves). One key is made per save attempt and kept until that attempt
 * succeeds, so retrying after a failure (the same body) can never create a second workout. A
 * changed body is a new attempt and gets a new key.
 */
export function useCreateWorkout({ onSuccess }: { onSuccess?: (workout: CreatedWorkout) => void } = {}) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateWorkoutInput) => {
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized)
        attempt.current = { body: serialized, key: newIdempotencyKey() };
      return createWorkout(body, attempt.current.key);
    },
    onSuccess: async (workout) => {
      attempt.current = null;
      toast(
        workout.verificationNote
          ? { title: 'Workout saved!', description: workout.verificationNote }
          : { title: 'Workout saved!' },
      );
      onSuccess?.(workout);
      await invalidateWorkoutData(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to save workout',
        description: error.message,
        variant: 'destructive',
      }),
  });
  return mutation;
}
