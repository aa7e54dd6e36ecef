import { plural, t } from '@lingui/core/macro';
import { Camera } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  countsByCamera,
  formatHold,
  formatScoreShort,
  howToOf,
  type OpenChallenge,
} from '@common/challenges';
import { READY_STEP_MS, READY_STEPS } from '@common/constants';
import { goLowerText } from '@common/rep-hints';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { ChallengeTarget } from '@/lib/challenge-link';
import { useMarkRunInProgress } from '@/lib/run-in-progress';
import { cn } from '@/lib/utils';
import { CameraUnavailableError, useCameraReps, type CameraResult } from '../hooks/use-camera-reps';
import { CameraPreview, CameraSetup } from './camera-panel';
import { useMuted } from '../hooks/use-muted';
import { useRunVoice } from '../hooks/use-run-voice';
import { t0FromWallClock, useTimerRun } from '../hooks/use-timer-run';
import { useWakeLock } from '../hooks/use-wake-lock';
import { ProgramRun } from './program-run';
import { CameraCount, HoldStop, TapPad } from './count-pads';
import { RunHeader, timerTitle } from './run-header';
import { Announcement, CancelOrQuestion, CueMessage, TargetProgress } from './run-parts';
import { IN_LEFT_COLUMN, OWN_KEYS, RUN_LAYOUT } from './run-layout';
import { RunRing } from './run-ring';
import { TargetBanner } from './target-banner';
import { TONES } from '../utils/run-sounds';
import {
  holdMessage,
  isProgram,
  messageAt,
  messageFor,
  planOf,
  runMs,
  secondsHeldAt,
  type TimerEvent,
} from '../utils/timeline';

export { timerTitle };

/** What a screen reader hears at "Go!" of a countdown: "Go! 90 seconds." */
const goWords = (seconds: number) =>
  plural(seconds, { one: 'Go! # second.', other: 'Go! # seconds.' });

/** A rep that was not deep enough is said at most this often (the screen shows every one). */
const DEPTH_HINT_SPOKEN_MS = 5000;

/** The state of a run worth keeping, reported on Start and on every count. */
export interface RunProgress {
  /** Date.now() of the Start tap. */
  startedAt: number;
  /** The count so far; a program's rounds finished, or its reps done. */
  taps: number;
  camera: boolean;
  /** A run for time: the movement the member is on and its reps (features/timer/utils/program.ts). */
  part?: number;
  partReps?: number;
}

export interface TimerScreenProps {
  challenge: OpenChallenge;
  resume?: RunProgress | null;
  target?: ChallengeTarget | null;
  /** "Discard this workout?" while it is asked: shown in Cancel's place, the pad still in view. */
  question?: ReactNode;
  /** Shown on the ready screen only, under a friend's target: the member's best to beat. */
  beforeStart?: ReactNode;
  onProgress?: (progress: RunProgress) => void;
  onCancel: (discard: () => void) => void;
  /**
   * The count tapped, the whole seconds held on a stopwatch, a rounds program's whole rounds in
   * reps, a finish's seconds, or (`capped`) the reps done by the cap.
   */
  onComplete: (score: number, camera: CameraResult | null, capped?: boolean) => void;
}

/** A challenge's run: an interval program (program-run.tsx), or a countdown or stopwatch. */
export function TimerScreen(props: TimerScreenProps) {
  const plan = useMemo(() => planOf(props.challenge), [props.challenge]);
  return isProgram(plan) ? <ProgramRun {...props} plan={plan} /> : <CountRun {...props} />;
}

/**
 * A challenge's run, timed as the catalogue says: idle -> a 3-step ready countdown -> a countdown
 * (taps counted; the camera's count and trace with "Count with camera") or a stopwatch (until Stop,
 * Space or Enter) -> onComplete. Cues show for 2.5 s, beep and speak (unless muted). The run fills
 * the window from 320x568 up, portrait or landscape. `resume` goes on after a reload, `onProgress`
 * reports what to keep, and Cancel asks through `onCancel`, which calls `discard` on a yes.
 */
function CountRun({
  challenge,
  resume = null,
  target = null,
  onProgress,
  onCancel,
  onComplete,
  question = null,
  beforeStart = null,
}: TimerScreenProps) {
  const plan = useMemo(() => planOf(challenge), [challenge]);
  const stopwatch = plan.mode === 'stopwatch';
  const { unitOne } = challenge.scoring;
  const cameraOffered = countsByCamera(challenge);
  const [muted, setMuted] = useMuted();
  const [taps, setTaps] = useState(resume?.taps ?? 0);
  const [startedAt, setStartedAt] = useState<number | null>(resume?.startedAt ?? null);
  const [announcement, setAnnouncement] = useState(
    resume?.camera
      ? t`Run resumed. The camera stopped with the reload: tap to count the rest.`
      : resume
        ? t`Run resumed.`
        : '',
  );
  const [useCamera, setUseCamera] = useState(false);
  const camera = useCameraReps();
  // After the end, "Time's up!" may finish on the next screen.
  const { audio, speech, endedRef, cue } = useRunVoice(muted);

  const onEvent = useCallback(
    (e: TimerEvent) => {
      cue(e);
      if (e.type === 'go')
        setAnnouncement(
          plan.mode === 'stopwatch'
            ? t`Go! The clock is counting. Stop it when you drop.`
            : goWords(runMs(plan) / 1000),
        );
      if (e.type === 'cue') setAnnouncement(messageFor(e));
      if (e.type === 'end') {
        endedRef.current = true;
        setAnnouncement(t`Time's up!`);
        const counted = useCamera ? camera.finishRun() : null;
        if (useCamera) camera.stop();
        onComplete(plan.mode === 'stopwatch' ? plan.maxSeconds : taps, counted);
      }
    },
    [cue, endedRef, onComplete, taps, useCamera, camera, plan],
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
    if (wasAsking.current && !asking && view !== null)
      (padRef.current ?? stopRef.current ?? cancelRef.current)?.focus();
    wasAsking.current = asking;
  }, [asking, view]);

  const start = () => {
    // Inside the tap: browsers let audio and speech start only from a user gesture.
    if (!muted) {
      audio.prime();
      speech.prime();
    }
    setTaps(0);
    setAnnouncement(t`Get ready`);
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
    setAnnouncement(t`Timer cancelled`);
  };
  const cancel = () => onCancel(discard);

  // The hold ends at the clock's reading now, not at its last repaint.
  const stop = () => {
    if (!stopwatch || run.t0 === null || view?.phase !== 'holding' || endedRef.current) return;
    endedRef.current = true;
    const held = secondsHeldAt(plan, run.t0, performance.now());
    if (!muted) {
      audio.beep(...TONES.end);
      const time = holdMessage(held);
      speech.speak(t`Stopped at ${time}. Well held!`);
    }
    const clock = formatHold(held);
    setAnnouncement(t`Stopped at ${clock}.`);
    onComplete(held, null);
  };
  // Space or Enter stops the hold wherever the focus is, unless a control has it (Cancel, mute).
  const onStopKey = useEffectEvent((e: globalThis.KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (e.target instanceof Element && e.target.closest(OWN_KEYS) && e.target !== stopRef.current)
      return;
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
              title: t`Camera Error: Could not access your camera. Please check permissions.`,
              description: t`Counting by tapping instead.`,
              variant: 'destructive',
            }
          : {
              title: t`Camera counting is not available`,
              description: t`The face model could not be loaded. Counting by tapping instead.`,
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
    if (speech.speak(t`Go lower`)) hintSpokenAt.current = now;
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
  const message = run.t0 !== null && running ? messageAt(plan, run.t0, run.now) : null;

  // A hold's score so far is the time on the clock.
  const scoreSoFar = view?.phase === 'holding' ? view.secondsHeld : countSoFar;
  const beaten = target !== null && scoreSoFar > target.beat;
  const targetText = target ? formatScoreShort(challenge.scoring, target.beat) : '';
  const from = target?.from ?? '';

  return (
    <div className={view === null ? 'grid gap-4' : RUN_LAYOUT} data-testid="timer-screen">
      <RunHeader title={timerTitle(challenge)} muted={muted} onToggleMute={toggleMute} />

      {target && view === null ? (
        <TargetBanner target={target} scoring={challenge.scoring} />
      ) : null}
      {view === null ? beforeStart : null}
      {target && view !== null ? (
        <TargetProgress
          beaten={beaten}
          text={beaten ? t`You beat ${targetText}!` : t`Target: ${targetText} (from ${from})`}
        />
      ) : null}

      <Announcement text={announcement} />

      <div className={cn(view !== null && 'shrink-0', IN_LEFT_COLUMN)}>
        <RunRing
          plan={plan}
          view={view}
          onStart={start}
          startDisabled={startBlocked}
          startRef={startRef}
          camera={useCamera}
        />
      </div>

      {useCamera ? (
        <div
          className={cn(
            view !== null &&
              'shrink-0 [@media(orientation:landscape)_and_(max-height:32rem)]:col-start-1 [@media(orientation:landscape)_and_(max-height:32rem)]:row-start-5',
          )}
        >
          <CameraPreview
            videoRef={camera.videoRef}
            running={view !== null}
            faceSeen={camera.faceSeen}
          />
        </div>
      ) : null}

      <CueMessage message={message} />

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
          <p className="text-center text-sm text-muted-foreground">{howToOf(challenge)}</p>
          {cameraOffered ? (
            <Button type="button" variant="outline" onClick={chooseCamera}>
              <Camera aria-hidden="true" />
              {t`Count with camera`}
            </Button>
          ) : null}
        </div>
      ) : stopwatch ? (
        <HoldStop stopRef={stopRef} running={running} onStop={stop} />
      ) : cameraCounting ? (
        <CameraCount
          count={camera.count}
          hint={camera.hint ? goLowerText(camera.hint.deepest) : null}
        />
      ) : (
        <TapPad padRef={padRef} running={running} unitOne={unitOne} taps={taps} onCount={count} />
      )}
      {view !== null ? (
        <CancelOrQuestion question={question} onCancel={cancel} cancelRef={cancelRef} />
      ) : null}
    </div>
  );
}
