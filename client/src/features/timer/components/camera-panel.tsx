import { t } from '@lingui/core/macro';
import { Camera, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { CalibrationProblem, CameraStatus } from '../hooks/use-camera-reps';

/** The camera's small mirrored preview; one element for setup and run, so the stream stays attached. */
export function CameraPreview({
  videoRef,
  running,
  faceSeen,
}: {
  videoRef: Ref<HTMLVideoElement>;
  running: boolean;
  faceSeen: boolean;
}) {
  return (
    <div className="flex items-center justify-center gap-3">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t`Camera preview`}
        className={cn(
          '-scale-x-100 rounded-xl border border-border bg-muted object-cover',
          running ? 'h-18 w-24' : 'h-30 w-40',
        )}
        data-testid="camera-preview"
      />
      <p className="text-sm font-semibold text-muted-foreground" data-testid="face-status">
        {faceSeen ? t`Face found` : t`Looking for your face`}
      </p>
    </div>
  );
}

/** Before the run: where to put the phone, the privacy promise, and the top-position step. */
export function CameraSetup({
  status,
  faceSeen,
  calibrationProblem,
  onCalibrate,
  onUseTaps,
}: {
  status: CameraStatus;
  faceSeen: boolean;
  calibrationProblem: CalibrationProblem | null;
  onCalibrate: () => void;
  onUseTaps: () => void;
}) {
  // On a phone the step's button sits below the fold: bring it up when the camera is ready.
  const calibrateRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (status === 'ready') calibrateRef.current?.scrollIntoView?.({ block: 'center' });
  }, [status]);
  return (
    <section
      aria-labelledby="camera-setup-title"
      className="grid gap-3 rounded-2xl border border-border p-4"
    >
      <h2 id="camera-setup-title" className="flex items-center gap-2 text-lg font-bold">
        <Camera aria-hidden="true" className="size-5 text-primary" />
        {t`Count with camera`}
      </h2>
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>
          <Smartphone aria-hidden="true" className="mr-1 inline size-4" />
          {t`Lay the phone flat on the floor under your face, screen up, camera towards you.`}
        </li>
        <li>{t`Get into the top position, arms straight, face over the phone.`}</li>
        <li>{t`Tap Set top position and hold still for a second; then tap Start.`}</li>
      </ol>
      <p className="flex items-start gap-2 rounded-lg bg-accent/60 p-2 text-sm text-accent-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t`No image leaves this device: the camera is read here, on your phone, only to count.`}
      </p>
      <p aria-live="polite" className="min-h-5 text-sm font-semibold" data-testid="camera-status">
        {status === 'starting' ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" /> {t`Starting the camera…`}
          </span>
        ) : status === 'calibrating' ? (
          t`Hold still…`
        ) : status === 'calibrated' ? (
          t`Top position set. Tap Start when you are ready.`
        ) : calibrationProblem === 'too-close' ? (
          t`Move the phone further away: your face fills over half of the picture, so it cannot grow enough for a push-up to count. Then tap Set top position again.`
        ) : calibrationProblem === 'no-face' ? (
          t`No face found. Put the phone under your face and try again.`
        ) : status === 'ready' && !faceSeen ? (
          t`Camera on. Looking for your face: lay the phone flat under it, camera towards you.`
        ) : status === 'ready' ? (
          t`Camera ready. Get into the top position, then tap Set top position.`
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={calibrateRef}
          type="button"
          onClick={onCalibrate}
          disabled={status === 'starting' || status === 'calibrating' || status === 'off'}
        >
          {status === 'calibrated' ? t`Set top position again` : t`Set top position`}
        </Button>
        <Button type="button" variant="ghost" onClick={onUseTaps}>
          {t`Use tap-to-count instead`}
        </Button>
      </div>
    </section>
  );
}
