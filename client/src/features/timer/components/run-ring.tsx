import { t } from '@lingui/core/macro';
import { Play } from 'lucide-react';
import type { RefObject } from 'react';
import { cn } from '@/lib/utils';
import type { useTimerRun } from '../hooks/use-timer-run';
import { formatClock, fractionLeft, type RunPlan } from '../utils/timeline';
import { CountdownRing } from './countdown-ring';

/** What the idle ring says of the clock to a screen reader. */
function clockWords(plan: RunPlan): string {
  switch (plan.mode) {
    case 'countdown':
    case 'rounds': {
      const clock = formatClock(plan.seconds);
      return t`${clock} on the clock`;
    }
    case 'stopwatch':
      return t`A stopwatch: it counts up until you stop it`;
    case 'for-time': {
      const cap = formatClock(plan.capSeconds);
      return t`A clock counting up to the ${cap} cap`;
    }
  }
}

/** Under a run for time's clock: "cap 20:00". */
function capWords(seconds: number): string {
  const cap = formatClock(seconds);
  return t`cap ${cap}`;
}

/**
 * The ring of every run: Start when idle, the 3-2-1, then the clock (time left of a countdown or a
 * rounds program, time held, or time gone towards a cap).
 */
export function RunRing({
  plan,
  view,
  onStart,
  startDisabled,
  startRef,
  camera = false,
  compact = false,
}: {
  plan: RunPlan;
  view: ReturnType<typeof useTimerRun>['view'];
  onStart: () => void;
  startDisabled?: boolean;
  startRef?: RefObject<HTMLButtonElement | null>;
  camera?: boolean;
  /** A program run: the movement and its controls need the room below. */
  compact?: boolean;
}) {
  // During the run the ring gives way to the pad and the controls: sized by the window's height
  // (a third of a portrait phone; a sideways phone's height less the title, or less the preview).
  const runSize = camera
    ? 'w-[min(17rem,26dvh)] [@media(orientation:landscape)_and_(max-height:32rem)]:w-[min(17rem,calc(100dvh-13rem))]'
    : compact
      ? 'w-[min(15rem,24dvh)] [@media(orientation:landscape)_and_(max-height:32rem)]:w-[min(15rem,calc(100dvh-7rem))]'
      : 'w-[min(17rem,32dvh)] [@media(orientation:landscape)_and_(max-height:32rem)]:w-[min(17rem,calc(100dvh-7rem))]';
  if (view === null) {
    return (
      <CountdownRing fraction={1} animate={false}>
        <button
          ref={startRef}
          type="button"
          onClick={onStart}
          disabled={startDisabled}
          className="flex size-36 cursor-pointer flex-col items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2 active:scale-95 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="timer-start"
        >
          <Play aria-hidden="true" className="size-10 fill-current" />
          <span className="text-lg font-bold">{t`Start`}</span>
        </button>
        <span className="sr-only">{clockWords(plan)}</span>
      </CountdownRing>
    );
  }
  if (view.phase === 'ready') {
    return (
      <CountdownRing fraction={1} animate={false} sizeClassName={runSize}>
        <span className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {t`Get ready`}
        </span>
        <span
          className="text-7xl font-extrabold tabular-nums text-primary"
          data-testid="ready-step"
        >
          {view.step}
        </span>
      </CountdownRing>
    );
  }
  if (view.phase === 'holding') {
    return (
      // The ring sweeps once a minute; no transition across the top, where it starts again.
      <CountdownRing
        fraction={fractionLeft(plan, view)}
        animate={view.secondsHeld % 60 !== 0}
        sizeClassName={runSize}
      >
        <span
          className={cn(
            'font-extrabold tabular-nums',
            // "1:02:05" must fit the ring of a small phone as "0:45" does.
            view.secondsHeld >= 3600
              ? 'text-4xl'
              : view.secondsHeld >= 600
                ? 'text-5xl'
                : 'text-6xl',
          )}
          data-testid="timer-clock"
          role="timer"
          aria-label={t`Time held`}
        >
          {formatClock(view.secondsHeld)}
        </span>
        <span className="text-sm font-semibold text-muted-foreground">{t`held`}</span>
      </CountdownRing>
    );
  }
  if (view.phase === 'racing') {
    return (
      <CountdownRing fraction={fractionLeft(plan, view)} animate sizeClassName={runSize}>
        <span
          className={cn(
            'font-extrabold tabular-nums',
            compact ? 'text-5xl [@media(max-height:40rem)]:text-3xl' : 'text-6xl',
          )}
          data-testid="timer-clock"
          role="timer"
          aria-label={t`Time gone`}
        >
          {formatClock(view.secondsElapsed)}
        </span>
        <span className="text-sm font-semibold text-muted-foreground">
          {plan.mode === 'for-time' ? capWords(plan.capSeconds) : t`gone`}
        </span>
      </CountdownRing>
    );
  }
  const seconds = view.phase === 'running' ? view.secondsLeft : 0;
  return (
    <CountdownRing
      fraction={fractionLeft(plan, view)}
      animate={view.phase === 'running'}
      sizeClassName={runSize}
    >
      <span
        className={cn(
          'font-extrabold tabular-nums',
          compact ? 'text-5xl [@media(max-height:40rem)]:text-3xl' : 'text-6xl',
        )}
        data-testid="timer-clock"
        role="timer"
        aria-label={t`Time left`}
      >
        {formatClock(seconds)}
      </span>
      <span className="text-sm font-semibold text-muted-foreground">{t`remaining`}</span>
    </CountdownRing>
  );
}
