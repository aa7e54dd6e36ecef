import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { Workout } from '@common/schemas/workouts';
import { Button } from '@/components/ui/button';
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
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" size="lg" disabled={save.isPending} className="sm:order-2">
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {save.isPending ? 'Saving...' : 'Save Workout'}
        </Button>
        <Button
          type="button"
          size="lg"
          variant="outline"
          onClick={onCancel}
          disabled={save.isPending}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
