import { useEffect, useRef, useState } from 'react';
import { DEFAULT_CHALLENGE, scoreRangeError } from '@common/challenges';
import { zeroCountReason, zeroCountText } from '@common/rep-hints';
import type { Verification } from '@common/schemas/verification';
import { Button } from '@/components/ui/button';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { SaveCancel } from './save-cancel';
import { toast } from '@/components/ui/use-toast';
import { useCreateWorkout, type SaveOutcome } from '../api/create-workout';
import { countTooHigh, PUSHUPS, type Scored } from '../utils/count';
import { CountStepper } from './count-stepper';

export const invalidCountToast = () =>
  toast({ title: 'Invalid count', description: 'Please enter a number greater than zero' });

/** The count entry's question: "How many burpees did you complete?", or the time held. */
export const countQuestion = (c: Scored) =>
  c.scoring.kind === 'seconds'
    ? 'How long did you hold?'
    : `How many ${c.scoring.unit} did you complete?`;

/**
 * After the timer: 'How many push-ups did you complete?' (the challenge's unit), starting from the
 * taps counted (or the camera's count, or a hold's whole seconds). The save names the challenge
 * and its score. A failed save keeps the count, and saving again reuses the same idempotency key.
 * Push-ups keep the specification's toast for a count not above zero; another challenge says its
 * range under the field. The camera's trace goes with the save only while the count is the
 * camera's own: the server would not verify another number
 * (docs/decisions/0050-verified-workouts.md).
 * A camera run that counted nothing says why and offers to try again or to type the count.
 */
export function CountEntry({
  challenge = PUSHUPS,
  initialCount,
  camera = null,
  onSaved,
  onCancel,
  onTryAgain = onCancel,
  focusOnOpen = false,
}: {
  challenge?: Scored;
  initialCount: number;
  /** clipId: the run's proof clip on the device, sent only when the set is saved with the mark. */
  camera?: { count: number; verification: Verification; clipId?: string } | null;
  onSaved: (workout: SaveOutcome) => void;
  onCancel: () => void;
  /** "Try again" after a camera run that counted 0 (without it: as Cancel, which asks first). */
  onTryAgain?: () => void;
  /** Take the focus to the count as it opens (the end of a run, whose controls are gone). */
  focusOnOpen?: boolean;
}) {
  const [count, setCount] = useState(initialCount);
  // A score below the range (or a typed hold that is not a time: NaN), once Save was tried
  // (push-ups say it with a toast instead).
  const [triedLow, setTriedLow] = useState(false);
  const lowError =
    triedLow && (count < challenge.scoring.min || Number.isNaN(count)) ? scoreRangeError(challenge, count) : null;
  const input = useRef<HTMLInputElement>(null);
  const cameraZero = camera !== null && camera.count === 0;
  const keepsMark = camera !== null && !cameraZero && count === camera.count;
  const save = useCreateWorkout({ onSuccess: onSaved, clipId: keepsMark ? camera.clipId : undefined });
  const focusOnMount = useRef(focusOnOpen);
  useEffect(() => {
    if (focusOnMount.current) input.current?.focus();
  }, []);
  const typeCount = () => {
    input.current?.focus();
    input.current?.select();
  };

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = { challenge: challenge.id, score: count };
        if (scoreRangeError(challenge, count) === null)
          save.mutate(keepsMark ? { ...body, verification: camera.verification } : body);
        // Too high: the message is already under the field; take the member there.
        else if (countTooHigh(count, challenge)) input.current?.focus();
        else if (challenge.id === DEFAULT_CHALLENGE) invalidCountToast();
        else {
          setTriedLow(true);
          input.current?.focus();
        }
      }}
    >
      <CountStepper
        id="pushup-count"
        label={countQuestion(challenge)}
        value={count}
        onChange={setCount}
        disabled={save.isPending}
        inputRef={input}
        challenge={challenge}
        error={lowError}
      />
      {cameraZero && count === 0 ? (
        <div className="grid gap-3 rounded-xl border border-border p-3 text-center text-sm" data-testid="camera-mark-note">
          <p aria-live="polite">
            <span className="font-semibold">The camera counted no push-ups.</span>{' '}
            {zeroCountText(zeroCountReason(camera.verification.trace))}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="outline" onClick={onTryAgain}>
              Try again
            </Button>
            <Button type="button" variant="outline" onClick={typeCount}>
              Type a count
            </Button>
          </div>
        </div>
      ) : cameraZero ? (
        <p className="text-center text-sm" aria-live="polite" data-testid="camera-mark-note">
          The camera counted no push-ups, so a typed count is saved without the Counted by camera
          mark.
        </p>
      ) : camera ? (
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
