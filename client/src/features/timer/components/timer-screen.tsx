import { Camera, Hand, Play, Trophy, Volume2, VolumeX, X } from 'lucide-react';
import {
  Fragment,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { DEFAULT_CHALLENGE, formatHold, formatScoreShort, type OpenChallenge } from '@common/challenges';
import { READY_STEP_MS, READY_STEPS } from '@common/constants';
import { goLowerText } from '@common/rep-hints';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { SimpleTooltip } from '@/components/ui/tooltip';
import type { ChallengeTarget } from '@/lib/challenge-link';
import { useMarkRunInProgress } from '@/lib/run-in-progress';
import { cn } from '@/lib/utils';
import { useBeep } from '../hooks/use-beep';
import { CameraUnavailableError, useCameraReps, type CameraResult } from '../hooks/use-camera-reps';
import { CameraPreview, CameraSetup } from './camera-panel';
import { useMuted } from '../hooks/use-muted';
import { useSpeech } from '../hooks/use-speech';
import { t0FromWallClock, useTimerRun } from '../hooks/use-timer-run';
import { useWakeLock } from '../hooks/use-wake-lock';
import { CountdownRing } from './countdown-ring';
import { TargetBanner } from './target-banner';
import {
  formatClock,
  fractionLeft,
  holdMessage,
  messageAt,
  messageFor,
  planOf,
  secondsHeldAt,
  type RunPlan,
  type TimerEvent,
} from '../utils/timeline';

// Tones: ready steps low, go and cues high, the end long and low.
const TONES: Record<TimerEvent['type'], [number, number]> = {
  ready: [660, 150],
  go: [990, 350],
  cue: [880, 200],
  end: [523, 700],
};

/** A rep that was not deep enough is said at most this often (the screen shows every one). */
const DEPTH_HINT_SPOKEN_MS = 5000;

const SPOKEN: Partial<Record<TimerEvent['type'], (e: TimerEvent) => string>> = {
  go: () => 'Go!',
  cue: (e) => messageFor(e).replace('. ', '! '),
  end: () => "Time's up! Great work.",
};

/** The state of a run worth keeping, reported on Start and on every count. */
export interface RunProgress {
  /** Date.now() of the Start tap. */
  startedAt: number;
  taps: number;
  camera: boolean;
}

/**
 * The run screen's heading, one style for every challenge: the catalogue's title and "timer"
 * ("Burpees or Bust timer"; the plank's stopwatch too), whatever the clock
 * (docs/decisions/0197-the-end-of-a-run.md).
 */
export const timerTitle = (c: { title: string }) => `${c.title} timer`;

/** What the idle screen asks the member to do. */
function howTo(c: OpenChallenge, plan: RunPlan): string {
  if (plan.mode === 'stopwatch')
    return 'Tap Start, get into position during the 3-2-1, then hold it as long as you can. Tap Stop (or press Space or Enter) the moment you drop.';
  if (c.id === DEFAULT_CHALLENGE)
    return 'Tap Start, get into position during the 3-2-1, then do as many push-ups as you can. Tap the counter (with your chest or nose) for each push-up, or enter the count at the end.';
  return `Tap Start, get into position during the 3-2-1, then do as many ${c.scoring.unit} as you can in ${holdMessage(plan.seconds)}. Tap the counter for each one, or enter the count at the end.`;
}

// Keys that must keep their own meaning while a hold runs (a focused Cancel, mute or link).
const OWN_KEYS = 'button, a, input, textarea, select, [role="button"]';

// Phones held sideways (landscape, at most 32rem high): two columns, the ring beside the pad.
// Tailwind needs each class written out whole, hence the repeated variant.
const RUN_LAYOUT = cn(
  'flex h-[calc(100dvh-2rem)] flex-col gap-2',
  '[@media(orientation:landscape)_and_(max-height:32rem)]:grid [@media(orientation:landscape)_and_(max-height:32rem)]:grid-cols-2 [@media(orientation:landscape)_and_(max-height:32rem)]:grid-rows-[auto_auto_auto_minmax(0,1fr)_auto] [@media(orientation:landscape)_and_(max-height:32rem)]:gap-x-4',
);
const IN_RIGHT_COLUMN = '[@media(orientation:landscape)_and_(max-height:32rem)]:col-start-2';

/**
 * A challenge's run, timed as the catalogue says. A countdown (push-ups 90 s, burpees 2:00): idle
 * (green start button) -> 3-step ready countdown -> the run -> onComplete with the number of taps
 * counted (and, for push-ups with "Count with camera", the camera's count and trace). A stopwatch
 * (the plank): the same ready countdown, then a clock counting up until Stop (or Space or Enter),
 * -> onComplete with the whole seconds held. Cues show for 2.5 s, beep and speak (unless muted).
 * During the run the screen fills the window (the layout hides its bars) and fits phones from
 * 320x568 up, portrait or landscape. `resume` goes on with a run started before a reload;
 * `onProgress` reports what to keep; Cancel asks through `onCancel`, which calls `discard` once
 * the member has said yes.
 */
export function TimerScreen({
  challenge,
  resume = null,
  target = null,
  onProgress,
  onCancel,
  onComplete,
  question = null,
}: {
  challenge: OpenChallenge;
  resume?: RunProgress | null;
  target?: ChallengeTarget | null;
  /** "Discard this workout?" while it is asked: shown in Cancel's place, the pad still in view. */
  question?: ReactNode;
  onProgress?: (progress: RunProgress) => void;
  onCancel: (discard: () => void) => void;
  /** The count tapped, or the whole seconds held on a stopwatch. */
  onComplete: (score: number, camera: CameraResult | null) => void;
}) {
  const plan = useMemo(() => planOf(challenge), [challenge]);
  const stopwatch = plan.mode === 'stopwatch';
  const { unitOne } = challenge.scoring;
  const cameraOffered = challenge.id === DEFAULT_CHALLENGE;
  const [muted, setMuted] = useMuted();
  const [taps, setTaps] = useState(resume?.taps ?? 0);
  const [startedAt, setStartedAt] = useState<number | null>(resume?.startedAt ?? null);
  const [announcement, setAnnouncement] = useState(
    resume?.camera
      ? 'Run resumed. The camera stopped with the reload: tap to count the rest.'
      : resume
        ? 'Run resumed.'
        : '',
  );
  const [useCamera, setUseCamera] = useState(false);
  const camera = useCameraReps();
  const audio = useBeep();
  const speech = useSpeech();
  // Leaving mid-run stops the voice; after the end, "Time's up!" may finish on the next screen.
  const ended = useRef(false);
  useEffect(
    () => () => {
      if (!ended.current) speech.cancel();
    },
    [speech],
  );

  const onEvent = useCallback(
    (e: TimerEvent) => {
      if (!muted) {
        audio.beep(...TONES[e.type]);
        const say = SPOKEN[e.type];
        if (say) speech.speak(say(e));
      }
      if (e.type === 'go')
        setAnnouncement(
          plan.mode === 'countdown' ? `Go! ${plan.seconds} seconds.` : 'Go! The clock is counting. Stop it when you drop.',
        );
      if (e.type === 'cue') setAnnouncement(messageFor(e));
      if (e.type === 'end') {
        ended.current = true;
        setAnnouncement("Time's up!");
        const counted = useCamera ? camera.finishRun() : null;
        if (useCamera) camera.stop();
        onComplete(plan.mode === 'stopwatch' ? plan.maxSeconds : taps, counted);
      }
    },
    [muted, audio, speech, onComplete, taps, useCamera, camera, plan],
  );

  const [resumeT0] = useState(() => (resume ? t0FromWallClock(resume.startedAt) : null));
  const run = useTimerRun(plan, onEvent, resumeT0);
  const view = run.view;
  const running = view?.phase === 'running' || view?.phase === 'holding';
  const inRun = view !== null && view.phase !== 'complete';
  useWakeLock(inRun);
  useMarkRunInProgress(view !== null);

  // After Start the button is gone: the focus moves to the pad (or, counting with the camera, to
  // Cancel), whose name a screen reader reads, instead of falling back to the page.
  const focusOnRun = useRef(false);
  const focusOnIdle = useRef(false);
  const padRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view === null || !focusOnRun.current) return;
    focusOnRun.current = false;
    (padRef.current ?? stopRef.current ?? cancelRef.current)?.focus();
  }, [view]);
  // Once the discard question is answered "Keep going", the focus goes back to the pad (or Stop).
  const asking = question !== null;
  const wasAsking = useRef(asking);
  useEffect(() => {
    if (wasAsking.current && !asking && view !== null) (padRef.current ?? stopRef.current ?? cancelRef.current)?.focus();
    wasAsking.current = asking;
  }, [asking, view]);

  const start = () => {
    // Inside the tap: browsers let audio and speech start only from a user gesture.
    if (!muted) {
      audio.prime();
      speech.prime();
    }
    setTaps(0);
    setAnnouncement('Get ready');
    setStartedAt(Date.now());
    focusOnRun.current = true;
    const t0 = run.start();
    if (useCamera) camera.beginRun(t0 + READY_STEPS * READY_STEP_MS);
  };

  const discard = () => {
    // The run's controls go: the focus goes to Start, not to the page.
    focusOnIdle.current = true;
    speech.cancel();
    run.cancel();
    camera.cancelRun();
    setStartedAt(null);
    setTaps(0);
    setAnnouncement('Timer cancelled');
  };
  const cancel = () => onCancel(discard);

  // The hold ends at the clock's reading now, not at its last repaint.
  const stop = () => {
    if (!stopwatch || run.t0 === null || view?.phase !== 'holding' || ended.current) return;
    ended.current = true;
    const held = secondsHeldAt(plan, run.t0, performance.now());
    if (!muted) {
      audio.beep(...TONES.end);
      speech.speak(`Stopped at ${holdMessage(held)}. Well held!`);
    }
    setAnnouncement(`Stopped at ${formatHold(held)}.`);
    onComplete(held, null);
  };
  // Space or Enter stops the hold wherever the focus is, unless a control has it (Cancel, mute).
  const onStopKey = useEffectEvent((e: globalThis.KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.target instanceof Element && e.target.closest(OWN_KEYS) && e.target !== stopRef.current) return;
    e.preventDefault();
    if (!e.repeat) stop();
  });
  const holding = view?.phase === 'holding';
  useEffect(() => {
    if (!holding) return;
    const listener = (e: globalThis.KeyboardEvent) => onStopKey(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [holding]);

  const chooseCamera = () => {
    setUseCamera(true);
    camera.start().catch((err: unknown) => {
      setUseCamera(false);
      toast(
        err instanceof CameraUnavailableError
          ? {
              title: 'Camera Error: Could not access your camera. Please check permissions.',
              description: 'Counting by tapping instead.',
              variant: 'destructive',
            }
          : {
              title: 'Camera counting is not available',
              description: 'The face model could not be loaded. Counting by tapping instead.',
              variant: 'destructive',
            },
      );
    });
  };

  const useTaps = () => {
    camera.stop();
    setUseCamera(false);
  };
  const cameraCounting = useCamera && camera.status !== 'off';

  // A rep that did not go deep enough: said aloud, when the voice is on, at most every 5 s.
  const hintSpokenAt = useRef(Number.NEGATIVE_INFINITY);
  const speakHint = useEffectEvent(() => {
    const now = performance.now();
    if (muted || !running || now - hintSpokenAt.current < DEPTH_HINT_SPOKEN_MS) return;
    if (speech.speak('Go lower')) hintSpokenAt.current = now;
  });
  useEffect(() => {
    if (camera.hint) speakHint();
  }, [camera.hint]);
  const startBlocked = useCamera && camera.status !== 'calibrated';
  const countSoFar = cameraCounting ? camera.count : taps;

  // Everything a reload needs to go on: reported on Start and on every new count.
  const report = useEffectEvent((at: number, n: number) =>
    onProgress?.({ startedAt: at, taps: n, camera: cameraCounting }),
  );
  useEffect(() => {
    if (startedAt !== null) report(startedAt, countSoFar);
  }, [startedAt, countSoFar]);


  // Camera runs on a phone: the setup card pushes Start out of view, so bring it back once the
  // top position is set, and show the whole ring when the run begins.
  const startRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view !== null || !focusOnIdle.current) return;
    focusOnIdle.current = false;
    startRef.current?.focus();
  }, [view]);
  const calibrated = useCamera && camera.status === 'calibrated';
  useEffect(() => {
    if (calibrated) startRef.current?.scrollIntoView?.({ block: 'center' });
  }, [calibrated]);
  const runStarted = useCamera && view !== null;
  useEffect(() => {
    if (runStarted) window.scrollTo?.({ top: 0 });
  }, [runStarted]);

  const toggleMute = () => {
    const next = !muted;
    if (next) speech.cancel();
    else audio.prime();
    setMuted(next);
  };

  // The pad can hold the focus during the 3-2-1 (aria-disabled, not disabled), but counts only
  // once the run is on.
  const count = () => {
    if (running) setTaps((n) => n + 1);
  };
  const onTapKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!e.repeat) count();
    }
  };
  // Pointer taps count on pointerdown (fast, no double-tap zoom wait); keyboard is handled above.
  const swallowClick = (e: MouseEvent) => e.preventDefault();

  const message = run.t0 !== null && running ? messageAt(plan, run.t0, run.now) : null;

  // A hold's score so far is the time on the clock.
  const scoreSoFar = view?.phase === 'holding' ? view.secondsHeld : countSoFar;
  const beaten = target !== null && scoreSoFar > target.beat;
  const targetText = target ? formatScoreShort(challenge.scoring, target.beat) : '';

  return (
    <div className={view === null ? 'grid gap-4' : RUN_LAYOUT} data-testid="timer-screen">
      <div className={cn('flex items-center justify-between gap-2', '[@media(orientation:landscape)_and_(max-height:32rem)]:col-span-2')}>
        <h1 className="text-xl font-extrabold tracking-tight text-balance">
          {/* Lines break between words, never at a word's own hyphen ("Push-|up"). */}
          {timerTitle(challenge)
            .split(' ')
            .map((word, i) => (
              <Fragment key={i}>
                {i > 0 ? ' ' : null}
                <span className="whitespace-nowrap">{word}</span>
              </Fragment>
            ))}
        </h1>
        <SimpleTooltip content={muted ? 'Sound off: tap to turn voice and beeps on' : 'Sound on: tap to mute'}>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-pressed={muted}
            aria-label="Mute voice and sound"
            onClick={toggleMute}
            data-testid="mute-toggle"
          >
            {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
          </Button>
        </SimpleTooltip>
      </div>

      {target && view === null ? <TargetBanner target={target} scoring={challenge.scoring} /> : null}
      {target && view !== null ? (
        // A polite live region: "You beat 30!" is read once, when the count passes the target.
        <p
          role="status"
          className={cn(
            'flex shrink-0 items-center justify-center gap-2 rounded-xl px-3 py-1 text-center font-semibold',
            IN_RIGHT_COLUMN,
            beaten ? 'bg-primary text-primary-foreground' : 'bg-accent/50 text-accent-foreground',
          )}
          data-testid="target-progress"
        >
          {beaten ? <Trophy aria-hidden="true" className="size-4" /> : null}
          {beaten ? `You beat ${targetText}!` : `Target: ${targetText} (from ${target.from})`}
        </p>
      ) : null}

      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="timer-announcement">
        {announcement}
      </p>

      <div
        className={cn(
          view !== null && 'shrink-0',
          '[@media(orientation:landscape)_and_(max-height:32rem)]:col-start-1 [@media(orientation:landscape)_and_(max-height:32rem)]:row-span-3 [@media(orientation:landscape)_and_(max-height:32rem)]:row-start-2 [@media(orientation:landscape)_and_(max-height:32rem)]:self-center',
        )}
      >
        <CountdownRingBlock
          plan={plan}
          view={view}
          onStart={start}
          startDisabled={startBlocked}
          startRef={startRef}
          camera={useCamera}
        />
      </div>

      {useCamera ? (
        <div className={cn(view !== null && 'shrink-0 [@media(orientation:landscape)_and_(max-height:32rem)]:col-start-1 [@media(orientation:landscape)_and_(max-height:32rem)]:row-start-5')}>
          <CameraPreview videoRef={camera.videoRef} running={view !== null} faceSeen={camera.faceSeen} />
        </div>
      ) : null}

      <div
        className={cn('flex min-h-8 shrink-0 items-center justify-center', IN_RIGHT_COLUMN)}
        aria-hidden="true"
      >
        {message ? (
          <p
            className="rounded-full bg-accent px-4 py-1 text-center text-lg font-bold text-accent-foreground"
            data-testid="cue-message"
          >
            {message}
          </p>
        ) : null}
      </div>

      {view === null && useCamera ? (
        <CameraSetup
          status={camera.status}
          faceSeen={camera.faceSeen}
          calibrationProblem={camera.calibrationProblem}
          onCalibrate={camera.calibrate}
          onUseTaps={useTaps}
        />
      ) : view === null ? (
        <div className="grid justify-items-center gap-3">
          <p className="text-center text-sm text-muted-foreground">{howTo(challenge, plan)}</p>
          {cameraOffered ? (
            <Button type="button" variant="outline" onClick={chooseCamera}>
              <Camera aria-hidden="true" />
              Count with camera
            </Button>
          ) : null}
        </div>
      ) : stopwatch ? (
        // One large target: a member in a plank stops it with a hand, a nose or the keyboard.
        <button
          ref={stopRef}
          type="button"
          aria-disabled={!running}
          onClick={stop}
          className={cn(
            'flex min-h-20 w-full flex-1 touch-manipulation select-none flex-col items-center justify-center gap-1 rounded-2xl bg-destructive p-2 text-destructive-foreground shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2',
            IN_RIGHT_COLUMN,
            running ? 'cursor-pointer active:scale-[0.99]' : 'opacity-50',
          )}
          data-testid="hold-stop"
        >
          <Hand aria-hidden="true" className="size-10" />
          <span className="text-4xl font-extrabold">Stop</span>
        </button>
      ) : cameraCounting ? (
        <div
          className={cn(
            'flex min-h-20 w-full flex-1 flex-col items-center justify-center rounded-2xl border-2 border-primary/40 bg-accent/50 p-2 text-accent-foreground',
            IN_RIGHT_COLUMN,
          )}
          role="status"
          aria-live="off"
        >
          <span className="text-6xl font-extrabold tabular-nums" data-testid="camera-count">
            {camera.count}
          </span>
          <span className="text-sm font-semibold">Push-ups counted by the camera</span>
          <p aria-live="polite" className="min-h-5 text-sm font-bold text-primary" data-testid="camera-hint">
            {camera.hint ? goLowerText(camera.hint.deepest) : null}
          </p>
        </div>
      ) : (
        <button
          ref={padRef}
          type="button"
          aria-disabled={!running}
          onPointerDown={(e) => {
            if (e.button === 0) count();
          }}
          onClick={swallowClick}
          onKeyDown={onTapKey}
          className={cn(
            'flex min-h-20 w-full flex-1 touch-manipulation select-none flex-col items-center justify-center rounded-2xl border-2 border-dashed border-primary/40 bg-accent/50 p-2 text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            IN_RIGHT_COLUMN,
            running ? 'cursor-pointer active:bg-accent' : 'opacity-50',
          )}
          aria-label={`Tap to count a ${unitOne}. Counted: ${taps}`}
          data-testid="tap-area"
        >
          <span className="text-6xl font-extrabold tabular-nums" data-testid="tap-count">
            {taps}
          </span>
          <span className="text-sm font-semibold">Tap to count</span>
        </button>
      )}
      {view !== null && question ? (
        <div className={IN_RIGHT_COLUMN}>{question}</div>
      ) : view !== null ? (
        <Button
          ref={cancelRef}
          type="button"
          variant="outline"
          onClick={cancel}
          className={cn('shrink-0 self-center justify-self-center', IN_RIGHT_COLUMN)}
        >
          <X aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

function CountdownRingBlock({
  plan,
  view,
  onStart,
  startDisabled,
  startRef,
  camera,
}: {
  plan: RunPlan;
  view: ReturnType<typeof useTimerRun>['view'];
  onStart: () => void;
  startDisabled: boolean;
  startRef: RefObject<HTMLButtonElement | null>;
  camera: boolean;
}) {
  // During the run the ring gives way to the pad and the controls: sized by the window's height
  // (a third of a portrait phone; a sideways phone's height less the title, or less the preview).
  const runSize = camera
    ? 'w-[min(17rem,26dvh)] [@media(orientation:landscape)_and_(max-height:32rem)]:w-[min(17rem,calc(100dvh-13rem))]'
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
          <span className="text-lg font-bold">Start</span>
        </button>
        <span className="sr-only">
          {plan.mode === 'countdown'
            ? `${formatClock(plan.seconds)} on the clock`
            : 'A stopwatch: it counts up until you stop it'}
        </span>
      </CountdownRing>
    );
  }
  if (view.phase === 'ready') {
    return (
      <CountdownRing fraction={1} animate={false} sizeClassName={runSize}>
        <span className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          Get ready
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
      <CountdownRing fraction={fractionLeft(plan, view)} animate={view.secondsHeld % 60 !== 0} sizeClassName={runSize}>
        <span
          className={cn(
            'font-extrabold tabular-nums',
            // "1:02:05" must fit the ring of a small phone as "0:45" does.
            view.secondsHeld >= 3600 ? 'text-4xl' : view.secondsHeld >= 600 ? 'text-5xl' : 'text-6xl',
          )}
          data-testid="timer-clock"
          role="timer"
          aria-label="Time held"
        >
          {formatClock(view.secondsHeld)}
        </span>
        <span className="text-sm font-semibold text-muted-foreground">held</span>
      </CountdownRing>
    );
  }
  const seconds = view.phase === 'running' ? view.secondsLeft : 0;
  return (
    <CountdownRing fraction={fractionLeft(plan, view)} animate={view.phase === 'running'} sizeClassName={runSize}>
      <span
        className="text-6xl font-extrabold tabular-nums"
        data-testid="timer-clock"
        role="timer"
        aria-label="Time left"
      >
        {formatClock(seconds)}
      </span>
      <span className="text-sm font-semibold text-muted-foreground">remaining</span>
    </CountdownRing>
  );
}
