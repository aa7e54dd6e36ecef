import { plural, t } from '@lingui/core/macro';
import { Minus, Plus, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpenChallenge } from '@common/challenges';
import type { Prescription } from '@common/plans';
import type { PlanSession, PlanSummary } from '@common/schemas/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { sayShared } from '@/lib/i18n';
import { useQueuedSessions } from '../api/get-queued-sessions';
import { holdText, roundWords, setLabel } from '../utils/plan-words';
import {
  progressKey,
  readProgress,
  writeProgress,
  type SessionProgress,
} from '../utils/session-store';
import { SessionFinished } from './session-finished';

/** The run's voice, as the timer's (the route passes features/timer's beeps, speech and mute). */
export interface SessionVoice {
  prime: () => void;
  speak: (text: string) => void;
  beep: (frequency?: number, durationMs?: number) => void;
  muted: boolean;
  setMuted: (muted: boolean) => void;
}

const fresh = (sessionId: number): SessionProgress => ({
  sessionId,
  index: 0,
  phase: 'ready',
  endsAt: null,
  done: [],
});

/**
 * Calls `onTick` every 250 ms while a rest or a hold runs: the wall clock decides, so a reload or a
 * hidden tab loses nothing.
 */
function useTicker(running: boolean, onTick: (now: number) => void) {
  const handler = useRef(onTick);
  useEffect(() => {
    handler.current = onTick;
  });
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => handler.current(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [running]);
}

/** A set's dot for a screen reader: "Set 2: 15, done". */
const dotWords = (set: number, n: number, done: boolean) =>
  done ? t`Set ${set}: ${n}, done` : t`Set ${set}: ${n}`;

/** Under the rest's clock: "Next: set 3, 12 push-ups". */
const nextWords = (set: number, what: string) => t`Next: set ${set}, ${what}`;

function Stepper({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (n: number) => void;
  label: string;
}) {
  return (
    <div className="flex items-center justify-center gap-3">
      <Button
        variant="outline"
        size="icon"
        aria-label={t`One less ${label}`}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output
        className="min-w-16 text-center text-4xl font-extrabold tabular-nums"
        aria-live="polite"
        data-testid="set-done-count"
      >
        {value}
      </output>
      <Button
        variant="outline"
        size="icon"
        aria-label={t`One more ${label}`}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}

/** What the member did in a set, the target to start with. */
function SetEntry({
  target,
  label,
  onDone,
}: {
  target: number;
  label: string;
  onDone: (n: number) => void;
}) {
  const [count, setCount] = useState(target);
  return (
    <>
      <p className="text-sm text-muted-foreground">{t`How many did you do?`}</p>
      <Stepper value={count} onChange={setCount} label={label} />
      <Button size="lg" onClick={() => onDone(count)}>
        {t`Set done`}
      </Button>
    </>
  );
}

/**
 * Today's training session, set by set: the set to do, then the rest's countdown (a hold counts
 * itself down too), voiced like the runs; kept in sessionStorage so a reload goes on where it was;
 * saved as a plan session at the end (not a workout: no board sees it).
 */
export function PlanSessionRun({
  plan,
  session,
  challenge,
  userId,
  voice,
  onSaved,
}: {
  plan: PlanSummary;
  session: PlanSession & { prescription: Prescription };
  challenge: OpenChallenge;
  userId: number;
  voice: SessionVoice;
  onSaved: () => void;
}) {
  const key = progressKey(userId);
  const p = session.prescription;
  const [progress, setProgressState] = useState<SessionProgress>(
    () => readProgress(key, session.id) ?? fresh(session.id),
  );
  const [now, setNow] = useState(() => Date.now());
  const setProgress = useCallback(
    (next: SessionProgress) => {
      writeProgress(key, next);
      setProgressState(next);
      setNow(Date.now());
    },
    [key],
  );
  const target = p.sets[progress.index] ?? 0;
  const running = progress.phase !== 'ready';
  const left =
    progress.endsAt === null ? 0 : Math.max(0, Math.ceil((progress.endsAt - now) / 1000));
  const last = progress.index === p.sets.length - 1;
  const say = useCallback((text: string) => !voice.muted && voice.speak(text), [voice]);
  const cue = useCallback(
    (frequency?: number) => {
      if (!voice.muted) voice.beep(frequency);
    },
    [voice],
  );
  const queued = useQueuedSessions(userId);
  const entry = queued.data?.find((q) => q.about.sessionId === session.id);

  const finishSet = useCallback(
    (amount: number) => {
      const done = [...progress.done, amount];
      if (progress.index >= p.sets.length - 1) {
        cue(660);
        say(t`Session done. Well done!`);
        setProgress({ ...progress, index: p.sets.length, phase: 'ready', endsAt: null, done });
      } else {
        const rest = p.restSeconds;
        say(plural(rest, { one: 'Rest # second.', other: 'Rest # seconds.' }));
        setProgress({
          ...progress,
          phase: 'rest',
          endsAt: Date.now() + p.restSeconds * 1000,
          done,
        });
      }
    },
    [progress, p, cue, say, setProgress],
  );

  // Each tick: beeps at 3-2-1; a hold's end records it; a rest's end brings the next set.
  const lastBeep = useRef<number | null>(null);
  useTicker(running, (at) => {
    setNow(at);
    const remaining = progress.endsAt === null ? 0 : Math.ceil((progress.endsAt - at) / 1000);
    if (remaining > 0 && remaining <= 3 && lastBeep.current !== remaining) {
      lastBeep.current = remaining;
      cue(880);
    }
    if (remaining > 0) return;
    lastBeep.current = null;
    if (progress.phase === 'hold') finishSet(target);
    else if (progress.phase === 'rest') {
      const nextIndex = progress.index + 1;
      const n = p.sets[nextIndex]!;
      cue(1320);
      const number = nextIndex + 1;
      const what = setLabel(
        p,
        n,
        challenge.scoring,
        p.lastAtLeast && nextIndex === p.sets.length - 1,
      );
      say(t`Set ${number}: ${what}. Go!`);
      setProgress({ ...progress, index: nextIndex, phase: 'ready', endsAt: null });
    }
  });

  const week = session.week;
  const slot = session.slot;
  const header = (
    <CardHeader>
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-1">
          <h1 id="session-title" className="text-2xl font-extrabold leading-tight tracking-tight">
            {t`Week ${week}, session ${slot}`}
          </h1>
          <CardDescription>{sayShared(challenge.title) ?? challenge.title}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={voice.muted ? t`Turn sound on` : t`Turn sound off`}
          aria-pressed={voice.muted}
          onClick={() => voice.setMuted(!voice.muted)}
        >
          {voice.muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </Button>
      </div>
    </CardHeader>
  );

  const setCount = p.sets.length;
  // Saved offline and waiting in the outbox (also in a tab that did not run it): its end screen.
  if (progress.index >= p.sets.length || entry) {
    const did = entry?.body.done ?? progress.done;
    const didList = did.map((n) => (p.unit === 'seconds' ? holdText(n) : n)).join(', ');
    return (
      <SessionFinished
        header={header}
        planId={plan.id}
        sessionId={session.id}
        userId={userId}
        setCount={setCount}
        didList={didList}
        progress={progress}
        queue={{ loaded: queued.isSuccess, entry }}
        onProgress={setProgress}
        onSaved={() => {
          writeProgress(key, null);
          onSaved();
        }}
      />
    );
  }

  const setText = setLabel(p, target, challenge.scoring, p.lastAtLeast && last);
  const round = p.unit === 'rounds' ? roundWords(challenge.timer) : null;
  const setNumber = progress.index + 1;
  return (
    <Card className="mx-auto w-full max-w-md">
      {header}
      <CardContent className="grid gap-5 text-center">
        <ol className="flex justify-center gap-1" aria-label={t`Sets`}>
          {p.sets.map((n, i) => (
            <li
              key={i}
              className={
                i < progress.index || (i === progress.index && progress.phase === 'rest')
                  ? 'size-3 rounded-full bg-primary'
                  : i === progress.index
                    ? 'size-3 rounded-full border-2 border-primary'
                    : 'size-3 rounded-full bg-muted'
              }
            >
              <span className="sr-only">{dotWords(i + 1, n, i < progress.index)}</span>
            </li>
          ))}
        </ol>
        {progress.phase === 'rest' ? (
          <div className="grid gap-2" data-testid="rest">
            <p className="text-lg font-semibold">{t`Rest`}</p>
            <p
              className="text-6xl font-extrabold tabular-nums"
              role="timer"
              aria-live="off"
              data-testid="rest-left"
            >
              {holdText(left)}
            </p>
            <p className="text-muted-foreground">
              {nextWords(
                progress.index + 2,
                setLabel(p, p.sets[progress.index + 1]!, challenge.scoring),
              )}
            </p>
            <Button
              variant="outline"
              onClick={() => setProgress({ ...progress, endsAt: Date.now() })}
            >
              {t`Skip rest`}
            </Button>
          </div>
        ) : progress.phase === 'hold' ? (
          <div className="grid gap-2" data-testid="hold">
            <p className="text-lg font-semibold">{t`Hold`}</p>
            <p className="text-6xl font-extrabold tabular-nums" role="timer" aria-live="off">
              {holdText(left)}
            </p>
            <Button variant="outline" onClick={() => finishSet(Math.max(0, target - left))}>
              {t`I had to stop`}
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <p
              className="text-sm font-semibold uppercase tracking-wide text-muted-foreground"
              data-testid="set-number"
            >
              {t`Set ${setNumber} of ${setCount}`}
            </p>
            <p className="text-4xl font-extrabold" data-testid="set-target">
              {setText}
            </p>
            {round ? <p className="text-muted-foreground">{t`Each round: ${round}`}</p> : null}
            {p.unit === 'seconds' ? (
              <Button
                size="lg"
                onClick={() => {
                  voice.prime();
                  say(
                    plural(target, {
                      one: 'Hold for # second. Go!',
                      other: 'Hold for # seconds. Go!',
                    }),
                  );
                  setProgress({ ...progress, phase: 'hold', endsAt: Date.now() + target * 1000 });
                }}
              >
                {t`Start the hold`}
              </Button>
            ) : (
              <SetEntry
                key={progress.index}
                target={target}
                label={
                  p.unit === 'rounds'
                    ? t`round`
                    : (sayShared(challenge.scoring.unitOne) ?? challenge.scoring.unitOne)
                }
                onDone={(n) => {
                  voice.prime();
                  finishSet(n);
                }}
              />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
