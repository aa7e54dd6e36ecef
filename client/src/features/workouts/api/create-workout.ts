import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { IDEMPOTENCY_KEY_HEADER, type CreateWorkoutInput, type Workout } from '@common/schemas/workouts';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { invalidateWorkoutData } from './invalidate';

/**
 * A v4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); on a plain-HTTP
 * origin `crypto.getRandomValues` is still there.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const createWorkout = (body: CreateWorkoutInput, idempotencyKey: string) =>
  api<Workout>('/api/workouts', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/**
 * Saves a workout (decision 11). One key is made per save attempt and kept until that attempt
 * succeeds, so retrying after a failure (the same body) can never create a second workout. A
 * changed body is a new attempt and gets a new key.
 */
export function useCreateWorkout({ onSuccess }: { onSuccess?: (workout: Workout) => void } = {}) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateWorkoutInput) => {
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
      return createWorkout(body, attempt.current.key);
    },
    onSuccess: async (workout) => {
      attempt.current = null;
      toast({ title: 'Workout saved!' });
      onSuccess?.(workout);
      await invalidateWorkoutData(queryClient);
    },
    onError: (error) => toast({ title: 'Failed to save workout', description: error.message, variant: 'destructive' }),
  });
  return mutation;
}
