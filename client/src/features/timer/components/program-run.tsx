import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatScoreShort, howToOf } from '@common/challenges';
import { useMarkRunInProgress } from '@/lib/run-in-progress';
import { cn } from '@/lib/utils';
import { useMuted } from '../hooks/use-muted';
import { useRunVoice } from '../hooks/use-run-voice';
import { t0FromWallClock, useTimerRun } from '../hooks/use-timer-run';
import { useWakeLock } from '../hooks/use-wake-lock';
import {
  addReps,
  clampState,
  milestoneBetween,
  movementText,
  nextPart,
  repsDone,
  START,
  type PartState,
  type Step,
} from '../utils/program';
import { SPOKEN, TONES } from '../utils/run-sounds';
import {
  formatClock,
  holdMessage,
  messageAt,
  messageFor,
  repsPerRound,
  secondsHeldAt,
  type ProgramPlan,
  type TimerEvent,
} from '../utils/timeline';
import { ForTimePanel, RoundsPanel } from './program-panels';
import { RunHeader, timerTitle } from './run-header';
import { BESIDE_RING, IN_LEFT_COLUMN, IN_RIGHT_COLUMN, RUN_LAYOUT } from './run-layout';
import { Announcement, CancelOrQuestion, CueMessage, TargetProgress } from './run-parts';
import { RunRing } from './run-ring';
import { TargetBanner } from './target-banner';
import type { TimerScreenProps } from './timer-screen';

// A soft tick for each round or rep tapped, heard with the eyes elsewhere.
const TAP_TONE: [number, number] = [740, 60];

/** "Round 1: 5 push-ups (knees allowed), 10 air squats", "40 burpees". */
function firstWords(plan: ProgramPlan): string {
  if (plan.mode !== 'rounds') return movementText(plan.parts[0]!);
  const movements = plan.round.map(movementText).join(', ');
  return t`Round 1: ${movements}`;
}

/**
 * An interval program's run (docs/decisions/0218-the-program-run.md): the ready countdown, then
 * the clock, the movement(s) and the member's taps. 'rounds': the round and its movements, one
 * "Round done" tap per round, 15:00 counted down; at the end, the whole rounds in reps.
 * 'for-time': the movement and its reps left, +10 / +1 / -1 and Next, the clock counting up; the
 * last movement's last rep (or Finish) stops it with the time, the cap ends it with the reps done
 * (`capped`). The clock is the timeline's (t0 and now); the taps are kept with it for a reload.
 */
export function ProgramRun({
  challenge,
  plan,
  resume = null,
  target = null,
  onProgress,
  onCancel,
  onComplete,
  question = null,
  beforeStart = null,
}: TimerScreenProps & { plan: ProgramPlan }) {
  const [muted, setMuted] = useMuted();
  const [rounds, setRounds] = useState(plan.mode === 'rounds' ? (resume?.taps ?? 0) : 0);
  const [parts, setParts] = useState<PartState>(() =>
    plan.mode === 'for-time' && resume ? clampState(plan, resume) : START,
  );
  const [startedAt, setStartedAt] = useState<number | null>(resume?.startedAt ?? null);
  const [announcement, setAnnouncement] = useState(resume ? t`Run resumed.` : '');
  const { audio, speech, endedRef, cue, tell } = useRunVoice(muted);
  const say = useCallback(
    (text: string, tone: [number, number] = TONES.cue) => {
      setAnnouncement(text);
      tell(text, tone);
    },
    [tell],
  );

  const reps = plan.mode === 'for-time' ? repsDone(plan, parts) : rounds * repsPerRound(plan);
  const onEvent = useCallback(
    (e: TimerEvent) => {
      if (e.type === 'end') {
        // A finish tapped in the same instant has already ended the run.
        if (endedRef.current) return;
        endedRef.current = true;
        if (plan.mode === 'rounds') {
          say(SPOKEN.end!(e), TONES.end);
          onComplete(rounds * repsPerRound(plan), null);
        } else {
          say(t`That's the cap! Great work.`, TONES.end);
          onComplete(reps, null, true);
        }
        return;
      }
      cue(e);
      if (e.type === 'go') {
        const first = firstWords(plan);
        setAnnouncement(t`Go! ${first}.`);
      }
      if (e.type === 'cue') setAnnouncement(messageFor(e));
    },
    [cue, endedRef, say, onComplete, plan, rounds, reps],
  );

  const [resumeT0] = useState(() => (resume ? t0FromWallClock(resume.startedAt) : null));
  const run = useTimerRun(plan, onEvent, resumeT0);
  const view = run.view;
  const running = view?.phase === 'running' || view?.phase === 'racing';
  useWakeLock(view !== null && view.phase !== 'complete');
  useMarkRunInProgress(view !== null);

  // After Start the button is gone: the focus goes to the main tap (Round done, +10); after a
  // discard, back to Start; after "Keep going", back to the main tap.
  const mainRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const focusOnRun = useRef(false);
  const focusOnIdle = useRef(false);
  useEffect(() => {
    if (view !== null && focusOnRun.current) {
      focusOnRun.current = false;
      mainRef.current?.focus();
    }
    if (view === null && focusOnIdle.current) {
      focusOnIdle.current = false;
      startRef.current?.focus();
    }
  }, [view]);
  const asking = question !== null;
  const wasAsking = useRef(asking);
  useEffect(() => {
    if (wasAsking.current && !asking && view !== null) mainRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, view]);

  const start = () => {
    // Inside the tap: browsers let audio and speech start only from a user gesture.
    if (!muted) {
      audio.prime();
      speech.prime();
    }
    setRounds(0);
    setParts(START);
    setAnnouncement(t`Get ready`);
    setStartedAt(Date.now());
    focusOnRun.current = true;
    run.start();
  };
  const discard = () => {
    focusOnIdle.current = true;
    speech.cancel();
    run.cancel();
    setStartedAt(null);
    setRounds(0);
    setParts(START);
    setAnnouncement(t`Timer cancelled`);
  };

  // Everything a reload needs to go on: reported on Start and on every tap.
  const report = useEffectEvent((at: number) =>
    onProgress?.({
      startedAt: at,
      taps: plan.mode === 'rounds' ? rounds : reps,
      camera: false,
      ...(plan.mode === 'for-time' ? parts : {}),
    }),
  );
  useEffect(() => {
    if (startedAt !== null) report(startedAt);
  }, [startedAt, rounds, parts]);

  const roundDone = (n: 1 | -1) => {
    if (!running || endedRef.current) return;
    const next = Math.max(0, rounds + n);
    setRounds(next);
    const following = next + 1;
    setAnnouncement(
      n > 0 ? t`Round ${next} done. Round ${following}.` : t`Round taken back: ${next} done.`,
    );
    if (!muted && n > 0) audio.beep(...TAP_TONE);
  };

  const step = (s: Step) => {
    if (plan.mode !== 'for-time' || !running || endedRef.current || run.t0 === null) return;
    const before = repsDone(plan, parts);
    if (s.kind === 'finished') {
      // The clock stops at the tap, not at its last repaint.
      endedRef.current = true;
      const seconds = secondsHeldAt(plan, run.t0, performance.now());
      setParts(s.state);
      const time = holdMessage(seconds);
      say(t`Finished in ${time}. Great work!`, TONES.end);
      onComplete(seconds, null, false);
      return;
    }
    setParts(s.state);
    const milestone = milestoneBetween(plan, before, repsDone(plan, s.state));
    const what = s.kind === 'next' ? movementText(plan.parts[s.state.part]!) : null;
    const words =
      what && milestone ? t`Next: ${what}. ${milestone}` : what ? t`Next: ${what}` : milestone;
    if (words) say(words);
    else if (!muted && s.state.partReps > parts.partReps) audio.beep(...TAP_TONE);
  };

  const toggleMute = () => {
    const next = !muted;
    if (next) speech.cancel();
    else audio.prime();
    setMuted(next);
  };

  const message = run.t0 !== null && running ? messageAt(plan, run.t0, run.now) : null;
  // While "Discard this workout?" is asked it stands under the controls, in Cancel's place.
  const cancel = question ? null : (
    <CancelOrQuestion question={null} onCancel={() => onCancel(discard)} />
  );
  // A for-time target is beaten during the run only when it was capped: more reps than it did by
  // the cap (a finish time is beaten at the finish, which Workout Saved says).
  const beaten =
    target !== null &&
    (plan.mode === 'rounds'
      ? rounds * repsPerRound(plan) > target.beat
      : target.capped === true && repsDone(plan, parts) > target.beat);
  const targetText = target ? formatScoreShort(challenge.scoring, target.beat, target.capped) : '';
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
        <RunRing plan={plan} view={view} onStart={start} startRef={startRef} compact />
      </div>

      {view === null ? (
        <ProgramOutline plan={plan} howTo={howToOf(challenge)} />
      ) : (
        // One column under the ring (beside it on a phone held sideways): the cue, the panel, the controls.
        <div className={cn('flex min-h-0 flex-1 flex-col gap-2', IN_RIGHT_COLUMN, BESIDE_RING)}>
          <CueMessage message={message} className="[@media(max-height:40rem)]:min-h-0" />
          {plan.mode === 'rounds' ? (
            <RoundsPanel
              plan={plan}
              rounds={rounds}
              running={running}
              mainRef={mainRef}
              onRound={roundDone}
              cancel={cancel}
            />
          ) : (
            <ForTimePanel
              plan={plan}
              state={parts}
              running={running}
              mainRef={mainRef}
              onReps={(n) => step(addReps(plan, parts, n))}
              onNext={() => step(nextPart(plan, parts))}
              cancel={cancel}
            />
          )}
          {question}
        </div>
      )}
    </div>
  );
}

/** Before Start: what to do, and the program itself. */
function ProgramOutline({ plan, howTo }: { plan: ProgramPlan; howTo: string }) {
  const clock = formatClock(plan.mode === 'rounds' ? plan.seconds : plan.capSeconds);
  return (
    <div className="grid justify-items-center gap-3">
      <p className="text-center text-sm text-muted-foreground">{howTo}</p>
      <div
        className="w-full max-w-sm rounded-xl border border-border bg-card p-3 text-sm"
        data-testid="program-outline"
      >
        <p className="mb-1 font-semibold">
          {plan.mode === 'rounds'
            ? t`Each round, for ${clock}:`
            : t`In this order, within ${clock}:`}
        </p>
        {plan.mode === 'rounds' ? (
          <ul className="list-inside list-disc">
            {plan.round.map((m) => (
              <li key={m.name}>{movementText(m)}</li>
            ))}
          </ul>
        ) : (
          <ol className="list-inside list-decimal">
            {plan.parts.map((m) => (
              <li key={m.name}>{movementText(m)}</li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
