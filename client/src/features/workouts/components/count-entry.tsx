import { useRef, useState } from 'react';
import type { Verification } from '@common/schemas/verification';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { SaveCancel } from './save-cancel';
import { toast } from '@/components/ui/use-toast';
import { useCreateWorkout, type SaveOutcome } from '../api/create-workout';
import { countTooHigh } from '../utils/count';
import { CountStepper } from './count-stepper';

export const invalidCountToast = () =>
  toast({ title: 'Invalid count', description: 'Please enter a number greater than zero' });

/**
 * After the timer: 'How many push-ups did you complete?', starting from the taps counted (or the
 * camera's count). A failed save keeps the count, and saving again reuses the same idempotency key.
 * The camera's trace goes with the save only while the count is the camera's own: the server
 * would not verify another number (docs/decisions/0050-verified-workouts.md).
 */
export function CountEntry({
  initialCount,
  camera = null,
  onSaved,
  onCancel,
}: {
  initialCount: number;
  camera?: { count: number; verification: Verification } | null;
  onSaved: (workout: SaveOutcome) => void;
  onCancel: () => void;
}) {
  const [count, setCount] = useState(initialCount);
  const input = useRef<HTMLInputElement>(null);
  const save = useCreateWorkout({ onSuccess: onSaved });
  const keepsMark = camera !== null && count === camera.count;

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (count <= 0) invalidCountToast();
        // Too high: the message is already under the field; take the member there.
        else if (countTooHigh(count)) input.current?.focus();
        else save.mutate(keepsMark ? { pushups: count, verification: camera.verification } : { pushups: count });
      }}
    >
      <CountStepper
        id="pushup-count"
        label="How many push-ups did you complete?"
        value={count}
        onChange={setCount}
        disabled={save.isPending}
        inputRef={input}
      />
      {camera ? (
        <p
          className="flex items-start justify-center gap-1.5 text-center text-sm"
          aria-live="polite"
          data-testid="camera-mark-note"
        >
          {keepsMark ? (
            <>
              <VerifiedMark className="mt-0.5" />
              The camera counted {camera.count}. Saved as counted by camera.
            </>
          ) : (
            <span className="font-semibold text-destructive">
              The camera counted {camera.count}. A count changed by hand is saved without the
              Counted by camera mark.
            </span>
          )}
        </p>
      ) : null}
      <SaveCancel pending={save.isPending} saveLabel="Save Workout" onCancel={onCancel} />
    </form>
  );
}
