import { useState } from 'react';
import type { Workout } from '@common/schemas/workouts';
import { SaveCancel } from './save-cancel';
import { toast } from '@/components/ui/use-toast';
import { useCreateWorkout } from '../api/create-workout';
import { CountStepper } from './count-stepper';

export const invalidCountToast = () =>
  toast({ title: 'Invalid count', description: 'Please enter a number greater than zero' });

/**
 * After the timer: 'How many push-ups did you complete?', starting from the taps counted. A failed
 * save keeps the count, and saving again reuses the same idempotency key.
 */
export function CountEntry({
  initialCount,
  onSaved,
  onCancel,
}: {
  initialCount: number;
  onSaved: (workout: Workout) => void;
  onCancel: () => void;
}) {
  const [count, setCount] = useState(initialCount);
  const save = useCreateWorkout({ onSuccess: onSaved });

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (count <= 0) invalidCountToast();
        else save.mutate({ pushups: count });
      }}
    >
      <CountStepper
        id="pushup-count"
        label="How many push-ups did you complete?"
        value={count}
        onChange={setCount}
        disabled={save.isPending}
      />
      <SaveCancel pending={save.isPending} saveLabel="Save Workout" onCancel={onCancel} />
    </form>
  );
}
