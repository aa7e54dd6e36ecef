import { t } from '@lingui/core/macro';
import { Hand } from 'lucide-react';
import type { KeyboardEvent, MouseEvent, PointerEvent, RefObject } from 'react';
import { sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { IN_RIGHT_COLUMN } from './run-layout';

// The large targets of a run: the tap pad, the hold's Stop, the camera's count.

/**
 * A tap counts on pointerdown (fast, no double-tap zoom wait); Enter or Space count once per
 * press (not on a held key's repeats); the click that follows a pointerdown does nothing more.
 */
export function tapHandlers(onTap: () => void) {
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button === 0) onTap();
    },
    onClick: (e: MouseEvent) => e.preventDefault(),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (!e.repeat) onTap();
      }
    },
  };
}

/** The tap pad of a countdown: one tap per rep. Holds the focus during the 3-2-1 but counts only once the run is on. */
export function TapPad({
  padRef,
  running,
  unitOne,
  taps,
  onCount,
}: {
  padRef: RefObject<HTMLButtonElement | null>;
  running: boolean;
  unitOne: string;
  taps: number;
  onCount: () => void;
}) {
  const unit = sayShared(unitOne) ?? unitOne;
  return (
    <button
      ref={padRef}
      type="button"
      aria-disabled={!running}
      {...tapHandlers(onCount)}
      className={cn(
        'flex min-h-20 w-full flex-1 touch-manipulation select-none flex-col items-center justify-center rounded-2xl border-2 border-dashed border-primary/40 bg-accent/50 p-2 text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        IN_RIGHT_COLUMN,
        running ? 'cursor-pointer active:bg-accent' : 'opacity-50',
      )}
      aria-label={t`Tap to count a ${unit}. Counted: ${taps}`}
      data-testid="tap-area"
    >
      <span className="text-6xl font-extrabold tabular-nums" data-testid="tap-count">
        {taps}
      </span>
      <span className="text-sm font-semibold">{t`Tap to count`}</span>
    </button>
  );
}

/** One large target: a member in a plank stops it with a hand, a nose or the keyboard. */
export function HoldStop({
  stopRef,
  running,
  onStop,
}: {
  stopRef: RefObject<HTMLButtonElement | null>;
  running: boolean;
  onStop: () => void;
}) {
  return (
    <button
      ref={stopRef}
      type="button"
      aria-disabled={!running}
      onClick={onStop}
      className={cn(
        'flex min-h-20 w-full flex-1 touch-manipulation select-none flex-col items-center justify-center gap-1 rounded-2xl bg-destructive p-2 text-destructive-foreground shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2',
        IN_RIGHT_COLUMN,
        running ? 'cursor-pointer active:scale-[0.99]' : 'opacity-50',
      )}
      data-testid="hold-stop"
    >
      <Hand aria-hidden="true" className="size-10" />
      <span className="text-4xl font-extrabold">{t`Stop`}</span>
    </button>
  );
}

/** The camera's count during a camera run, with its "go lower" hint. */
export function CameraCount({ count, hint }: { count: number; hint: string | null }) {
  return (
    <div
      className={cn(
        'flex min-h-20 w-full flex-1 flex-col items-center justify-center rounded-2xl border-2 border-primary/40 bg-accent/50 p-2 text-accent-foreground',
        IN_RIGHT_COLUMN,
      )}
      role="status"
      aria-live="off"
    >
      <span className="text-6xl font-extrabold tabular-nums" data-testid="camera-count">
        {count}
      </span>
      <span className="text-sm font-semibold">{t`Push-ups counted by the camera`}</span>
      <p
        aria-live="polite"
        className="min-h-5 text-sm font-bold text-primary"
        data-testid="camera-hint"
      >
        {hint}
      </p>
    </div>
  );
}
