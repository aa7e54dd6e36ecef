import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Verification } from '@common/schemas/verification';
import type { User } from '@common/schemas/auth';
import { isNewPersonalBest } from '@common/workouts';
import { Button } from '@/components/ui/button';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';
import { useUser } from '@/features/auth/api/get-user';
import { TodayRank } from '@/features/leaderboard/components/today-rank';
import { WorkoutSaved } from '@/features/share/components/workout-saved';
import { DiscardDialog } from '@/features/timer/components/discard-dialog';
import { TargetBanner } from '@/features/timer/components/target-banner';
import { TimerScreen, type RunProgress } from '@/features/timer/components/timer-screen';
import { useLeaveGuard, type LeaveRequest } from '@/features/timer/hooks/use-leave-guard';
import {
  clearSavedSet,
  readSavedSet,
  resumeAt,
  savedSetKey,
  writeSavedSet,
  type SavedSet,
} from '@/features/timer/utils/saved-set';
import { CountEntry } from '@/features/workouts/components/count-entry';
import { parseChallengeTarget, type ChallengeTarget } from '@/lib/challenge-link';
import { useDocumentTitle } from '@/lib/use-document-title';

type CameraCount = { count: number; verification: Verification };

type Stage =
  | { kind: 'timer'; run: number; resume: RunProgress | null; started: boolean }
  | { kind: 'entry'; taps: number; run: number; camera: CameraCount | null }
  | { kind: 'saved'; workout: SaveOutcome };

/** What to ask about before discarding the set. */
type Pending = { kind: 'cancel'; discard: () => void } | LeaveRequest;

/** The screen a stored set opens on: the run going on, the count entry, or a fresh timer. */
function stageOf(saved: SavedSet | null, run: number): Stage {
  if (!saved) return { kind: 'timer', run, resume: null, started: false };
  const at = resumeAt(saved, Date.now());
  if (at.stage === 'entry') return { kind: 'entry', taps: at.taps, camera: at.camera, run };
  return { kind: 'timer', run, resume: at, started: true };
}

/**
 * Timer -> count entry -> Workout Saved (spec: Timer); ?beat=&from= sets a friend's target. A set
 * that has started and is not saved is kept in sessionStorage (a reload goes on with it) and is
 * never dropped without "Discard this workout?" (docs/decisions/0091-a-set-is-never-lost.md).
 */
export default function TimerRoute() {
  const { data: user } = useUser();
  // RequireAuth renders this screen for a member only.
  return <TimerFlow key={(user as User).id} user={user as User} />;
}

function TimerFlow({ user }: { user: User }) {
  const search = useSearch();
  useDocumentTitle('Push-up timer');
  const [, navigate] = useLocation();
  const key = savedSetKey(user.id);
  const [stage, setStage] = useState<Stage>(() => stageOf(readSavedSet(key), 0));
  // The set's own target wins after a reload; otherwise the link's. Anyone can write the link: a
  // value that is not a valid count and username is ignored.
  const [storedTarget, setStoredTarget] = useState(() => readSavedSet(key)?.target ?? null);
  const linkTarget = useMemo(() => parseChallengeTarget(search), [search]);
  const target: ChallengeTarget | null = storedTarget ?? linkTarget;
  const [pending, setPending] = useState<Pending | null>(null);

  const unsaved = (stage.kind === 'timer' && stage.started) || stage.kind === 'entry';
  const guard = useLeaveGuard(unsaved, setPending);

  // Undo may be pressed after the member has left this screen: then the set is put back in storage
  // and the timer opened, which picks it up.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onProgress = useCallback(
    (p: RunProgress) => {
      writeSavedSet(key, { stage: 'run', ...p, target });
      setStage((s) => (s.kind === 'timer' && !s.started ? { ...s, started: true } : s));
    },
    [key, target],
  );

  const discard = (then: () => void) => {
    const snapshot = readSavedSet(key);
    clearSavedSet(key);
    then();
    return snapshot;
  };

  const offerUndo = (snapshot: SavedSet | null) => {
    if (!snapshot) return;
    const shown = toast({
      title: 'Workout discarded',
      description: 'The set and its count were thrown away.',
      action: (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            dismissToast(shown.id);
            writeSavedSet(key, snapshot);
            if (mounted.current) {
              setStoredTarget(snapshot.target);
              setStage((s) => stageOf(snapshot, 'run' in s ? s.run + 1 : 0));
            }
            else navigate(paths.timer.getHref());
          }}
        >
          Undo
        </Button>
      ),
    });
  };

  const confirmDiscard = () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    if (p.kind === 'cancel') {
      const snapshot = discard(p.discard);
      // A new set on this screen takes the link's target, not the discarded set's.
      setStoredTarget(null);
      if (stage.kind === 'entry') setStage({ kind: 'timer', run: stage.run + 1, resume: null, started: false });
      else if (stage.kind === 'timer') setStage({ ...stage, resume: null, started: false });
      offerUndo(snapshot);
    } else {
      discard(() => guard.leave(p));
    }
  };

  const dialog = (
    <DiscardDialog
      open={pending !== null}
      finished={stage.kind === 'entry'}
      onKeep={() => setPending(null)}
      onDiscard={confirmDiscard}
    />
  );

  if (stage.kind === 'saved') {
    const { workout } = stage;
    return (
      <WorkoutSaved
        pushups={workout.pushups}
        verified={workout.verified}
        username={user.username}
        personalBest={isNewPersonalBest(workout)}
        waitingToSync={workout.queued}
        target={target}
        rank={<TodayRank isPrivate={user.isPrivate} />}
      />
    );
  }
  if (stage.kind === 'entry') {
    return (
      <section aria-labelledby="entry-title" className="mx-auto grid w-full max-w-md gap-6 pt-4">
        <div className="text-center">
          <h1 id="entry-title" className="text-3xl font-extrabold tracking-tight text-primary">
            Time&apos;s up!
          </h1>
          <p className="text-muted-foreground">Great effort. Check your count and save it.</p>
        </div>
        {target ? <TargetBanner target={target} /> : null}
        <CountEntry
          key={stage.run}
          initialCount={stage.camera?.count ?? stage.taps}
          camera={stage.camera}
          onSaved={(workout) => {
            clearSavedSet(key);
            setStage({ kind: 'saved', workout });
          }}
          onCancel={() => setPending({ kind: 'cancel', discard: () => undefined })}
        />
        {dialog}
      </section>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md [@media(orientation:landscape)_and_(max-height:32rem)]:max-w-3xl">
      <TimerScreen
        key={stage.run}
        resume={stage.resume}
        target={target}
        onProgress={onProgress}
        onCancel={(discardRun) => setPending({ kind: 'cancel', discard: discardRun })}
        onComplete={(taps, camera) => {
          const next = { taps, camera };
          writeSavedSet(key, { stage: 'entry', ...next, target });
          setStage({ kind: 'entry', ...next, run: stage.run });
        }}
      />
      {dialog}
    </div>
  );
}
