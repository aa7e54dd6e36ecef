import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { sayShared } from '@/lib/i18n';
import { scoreRangeError } from '@common/challenges';
import { zeroCountReason, zeroCountText } from '@common/rep-hints';
import type { ScoreOf } from '@common/run-payoff';
import type { Verification } from '@common/schemas/verification';
import { Button } from '@/components/ui/button';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { SaveCancel } from './save-cancel';
import { toast } from '@/components/ui/use-toast';
import { useCreateWorkout, type SaveOutcome } from '../api/create-workout';
import { withCapped } from '../utils/capped';
import { PUSHUPS, type Scored } from '../utils/count';
import { CountStepper } from './count-stepper';

/** The specification's toast for a count not above zero, in the entry's own words. */
export const invalidCountToast = (description?: string) =>
  toast({
    title: t`Invalid count`,
    description: sayShared(description) ?? t`Please enter a number greater than zero`,
  });

/** Whether a score too low is said with the toast: an entry that declares its own range words (push-ups). */
export const saysLowWithToast = (c: Scored) => c.words?.rangeErrors !== undefined;

/** The count entry's question: "How many burpees did you complete?", the time held, a program's result. */
export function countQuestion(c: Scored): string {
  switch (c.scoring.kind) {
    case 'seconds':
      return t`How long did you hold?`;
    case 'rounds':
      return t`How far did you get?`;
    case 'for-time':
      return t`How did it end?`;
    case 'reps': {
      const unit = sayShared(c.scoring.unit)!;
      return t`How many ${unit} did you complete?`;
    }
  }
}

/** A finish's range (faster than plausible, past the cap) is said as soon as a time is there. */
const saidAtOnce = (c: Scored, n: number, capped: boolean) =>
  c.scoring.kind === 'for-time' && !capped && Number.isFinite(n) && n > 0;

/** Too high for the field: said under it at once (a finish's time is judged by saidAtOnce). */
const tooHigh = (c: Scored, n: number, capped: boolean) =>
  !(c.scoring.kind === 'for-time' && !capped) && n > c.scoring.max;

/**
 * After the timer: 'How many push-ups did you complete?' (the challenge's unit), starting from the
 * taps counted (or the camera's count, or a hold's whole seconds). The save names the challenge
 * and its score. A failed save keeps the count, and saving again reuses the same idempotency key.
 * An entry with its own range words (push-ups) keeps the specification's toast for a count not
 * above zero; another challenge says its range under the field. A program's score is its rounds
 * and extra reps, or a finish's time or (`capped`) the reps done by the cap. The camera's trace goes with the save only while the count is the
 * camera's own: the server would not verify another number
 * (docs/decisions/0050-verified-workouts.md).
 * A camera run that counted nothing says why and offers to try again or to type the count.
 * A timed run's pace (reps per 15 s) goes with the save, fitted to the count saved
 * (docs/decisions/0268-pace-stored-with-the-set.md); the same count sends the same body, so a retry
 * keeps its idempotency key.
 */
export function CountEntry({
  challenge = PUSHUPS,
  initialCount,
  initialCapped = false,
  camera = null,
  onSaved,
  onCancel,
  onTryAgain = onCancel,
  focusOnOpen = false,
  pace,
}: {
  challenge?: Scored;
  initialCount: number;
  /** A run for time that reached the cap: `initialCount` is the reps done. */
  initialCapped?: boolean;
  /** clipId: the run's proof clip on the device, sent only when the set is saved with the mark. */
  camera?: { count: number; verification: Verification; clipId?: string } | null;
  onSaved: (workout: SaveOutcome) => void;
  onCancel: () => void;
  /** "Try again" after a camera run that counted 0 (without it: as Cancel, which asks first). */
  onTryAgain?: () => void;
  /** Take the focus to the count as it opens (the end of a run, whose controls are gone). */
  focusOnOpen?: boolean;
  /** The run's pace for the score being saved (common/run-payoff.ts paceOfRun); none: a typed set. */
  pace?: (set: ScoreOf) => number[] | null;
}) {
  const [count, setCount] = useState(initialCount);
  const [capped, setCapped] = useState(initialCapped);
  // A score below the range (or a typed hold that is not a time: NaN), once Save was tried
  // (push-ups say it with a toast instead); a finish's time out of its range, at once.
  const [triedLow, setTriedLow] = useState(false);
  const rangeError = scoreRangeError(challenge, count, capped);
  const lowError =
    saidAtOnce(challenge, count, capped) ||
    (triedLow && (count < challenge.scoring.min || Number.isNaN(count)))
      ? rangeError
      : null;
  const input = useRef<HTMLInputElement>(null);
  const cameraZero = camera !== null && camera.count === 0;
  const keepsMark = camera !== null && !cameraZero && count === camera.count;
  const cameraCount = camera?.count ?? 0;
  const save = useCreateWorkout({
    onSuccess: onSaved,
    clipId: keepsMark ? camera.clipId : undefined,
  });
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
        const runPace = rangeError === null ? (pace?.({ score: count, capped }) ?? null) : null;
        const body = {
          challenge: challenge.id,
          score: count,
          ...(runPace ? { pace: runPace } : {}),
        };
        if (rangeError === null)
          save.mutate(
            withCapped(keepsMark ? { ...body, verification: camera.verification } : body, capped),
          );
        // Too high (or a finish out of range): the message is already under the field; take the member there.
        else if (tooHigh(challenge, count, capped) || saidAtOnce(challenge, count, capped))
          input.current?.focus();
        else if (saysLowWithToast(challenge))
          invalidCountToast(challenge.words?.rangeErrors?.tooLow);
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
        error={sayShared(lowError ?? undefined) ?? null}
        capped={capped}
        onCappedChange={(next) => {
          setCapped(next);
          setTriedLow(false);
        }}
      />
      {cameraZero && count === 0 ? (
        <div
          className="grid gap-3 rounded-xl border border-border p-3 text-center text-sm"
          data-testid="camera-mark-note"
        >
          <p aria-live="polite">
            <span className="font-semibold">{t`The camera counted no push-ups.`}</span>{' '}
            {sayShared(zeroCountText(zeroCountReason(camera.verification.trace)))}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="outline" onClick={onTryAgain}>
              {t`Try again`}
            </Button>
            <Button type="button" variant="outline" onClick={typeCount}>
              {t`Type a count`}
            </Button>
          </div>
        </div>
      ) : cameraZero ? (
        <p className="text-center text-sm" aria-live="polite" data-testid="camera-mark-note">
          {t`The camera counted no push-ups, so a typed count is saved without the Counted by camera mark.`}
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
              {t`The camera counted ${cameraCount}. Saved as counted by camera.`}
            </>
          ) : (
            <span className="font-semibold text-destructive">
              {t`The camera counted ${cameraCount}. A count changed by hand is saved without the Counted by camera mark.`}
            </span>
          )}
        </p>
      ) : null}
      <SaveCancel pending={save.isPending} saveLabel={t`Save Workout`} onCancel={onCancel} />
    </form>
  );
}
