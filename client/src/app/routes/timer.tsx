import { isCameraCounted } from '@common/tier-words';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMyClubs } from '@/features/clubs/api/list-clubs';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_CHALLENGE, timerTitleOf, type OpenChallenge } from '@common/challenges';
import type { Verification } from '@common/schemas/verification';
import type { User } from '@common/schemas/auth';
import { isNewPersonalBest } from '@common/workouts';
import { isCountedRun, paceOfRun, type ScoreOf } from '@common/run-payoff';
import { useStats } from '@/features/workouts/api/get-stats';
import { BestToBeat } from '@/features/payoff/components/best-to-beat';
import { RunPayoff } from '@/features/payoff/components/run-payoff';
import { repsOfCount, withSample } from '@/features/timer/utils/pace-samples';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';
import { preloadOfflineSave } from '@/features/workouts/utils/preload-offline-save';
import { cappedProps } from '@/features/workouts/utils/capped';
import { useUser } from '@/features/auth/api/get-user';
import { TargetBanner } from '@/features/timer/components/target-banner';
import { DiscardQuestion } from '@/features/timer/components/discard-question';
import { TimerScreen, type RunProgress } from '@/features/timer/components/timer-screen';
import { planOf } from '@/features/timer/utils/timeline';
import { useLeaveGuard, type LeaveRequest } from '@/features/timer/hooks/use-leave-guard';
import {
  clearSavedSet,
  readSavedSet,
  resumeAt,
  savedSetKey,
  writeSavedSet,
  type SavedSet,
} from '@/features/timer/utils/saved-set';
import { parseChallengeTarget, type ChallengeTarget } from '@/lib/challenge-link';
import { openChallengeById, openChallengeForPath } from '@/lib/challenges';
import { deferredModule, useDeferredModule } from '@/lib/deferred-module';
import { useDocumentTitle } from '@/lib/use-document-title';
import { bestOf, lastOf, previousBestOf } from './set-comparison';
import { t } from '@lingui/core/macro';

type CameraCount = { count: number; verification: Verification; clipId?: string };

type Stage =
  | { kind: 'timer'; run: number; resume: RunProgress | null; started: boolean }
  | { kind: 'entry'; taps: number; run: number; camera: CameraCount | null; capped?: boolean }
  | { kind: 'saved'; workout: SaveOutcome; last: ScoreOf | null; pace: number[] | null };

/** What to ask about before discarding the set. */
type Pending = { kind: 'cancel'; discard: () => void } | LeaveRequest;

/** The screen a stored set of `challenge` opens on: the run going on, the count entry, or a fresh timer. */
function stageOf(saved: SavedSet | null, run: number, challenge: OpenChallenge): Stage {
  if (!saved) return { kind: 'timer', run, resume: null, started: false };
  const at = resumeAt(saved, Date.now(), planOf(challenge));
  if (at.stage === 'entry')
    return { kind: 'entry', taps: at.taps, camera: at.camera, capped: at.capped, run };
  return { kind: 'timer', run, resume: at, started: true };
}

// The count entry, Workout Saved (with the share menu) and the discard question: asked for when a
// run starts, so the timer's first paint does without them (docs/decisions/0172-timer-finish-loaded-on-start.md).
// With the after-run screens, what a save needs offline (the run may end without a connection).
const finishModule = deferredModule(() => {
  void preloadOfflineSave();
  return import('./timer-finish');
});

/** The heading and line over the score entry, by how the run ended. */
function endWords(c: OpenChallenge, capped: boolean): { title: string; text: string } {
  switch (c.timer.mode) {
    case 'stopwatch':
      return { title: t`Well held!`, text: t`Great effort. Check the time held and save it.` };
    case 'rounds':
      return {
        title: t`Time's up!`,
        text: t`Great effort. Enter the reps of the round you were in, and save.`,
      };
    case 'for-time':
      return capped
        ? {
            title: t`Time cap!`,
            text: t`Great effort. Check the reps you did by the cap and save them.`,
          }
        : { title: t`Finished!`, text: t`Great effort. Check your time and save it.` };
    case 'countdown':
      return { title: t`Time's up!`, text: t`Great effort. Check your count and save it.` };
  }
}

/** Where a challenge's timer is: `/90second/timer`, `/burpees-or-bust/timer`. */
const timerHref = (c: OpenChallenge) => paths.timer.getHref(c.id);

/**
 * Timer -> count entry -> Workout Saved (spec: Timer), for the open challenge whose address this
 * is (`/{slug}/timer`; the aliases `/timer` and `/90second/...` are the push-up challenge's), timed
 * as the catalogue says: a countdown, or the plank's stopwatch. ?beat=&from= sets a friend's
 * target. A set that has started and is not saved is kept in sessionStorage with its challenge (a
 * reload goes on with it, on that challenge's timer whatever the address) and is never dropped
 * without "Discard this workout?" (docs/decisions/0091-a-set-is-never-lost.md).
 */
export default function TimerRoute() {
  const { data: user } = useUser();
  const [location, navigate] = useLocation();
  const challenge = openChallengeForPath(location) ?? openChallengeById(DEFAULT_CHALLENGE)!;
  // RequireAuth renders this screen for a member only.
  const member = user as User;
  // A set in progress of another open challenge goes on on its own timer.
  const stored = readSavedSet(savedSetKey(member.id));
  const storedChallenge = stored ? openChallengeById(stored.challenge) : undefined;
  const redirect =
    storedChallenge &&
    storedChallenge.id === stored?.challenge &&
    storedChallenge.id !== challenge.id
      ? timerHref(storedChallenge)
      : null;
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  if (redirect) return null;
  return <TimerFlow key={`${member.id}:${challenge.id}`} user={member} challenge={challenge} />;
}

function TimerFlow({ user, challenge }: { user: User; challenge: OpenChallenge }) {
  const search = useSearch();
  useDocumentTitle(timerTitleOf(challenge));
  const [, navigate] = useLocation();
  const key = savedSetKey(user.id);
  // Only this challenge's set: one of a challenge that is no longer open cannot be saved.
  const readOwn = () => {
    const set = readSavedSet(key);
    return set && set.challenge === challenge.id ? set : null;
  };
  const [stage, setStage] = useState<Stage>(() => stageOf(readOwn(), 0, challenge));
  // For "You're #N in {club}" on Workout Saved (the leaderboard's TodayRank); asked once saved.
  const clubs = useMyClubs({ enabled: stage.kind === 'saved' });
  // The best to beat before Start, and the last set to compare with after the save.
  const stats = useStats({ challenge: challenge.id });
  // The set's own target wins after a reload; otherwise the link's. Anyone can write the link: a
  // value that is not a valid score of this challenge and a username is ignored.
  const [storedTarget, setStoredTarget] = useState(() => readOwn()?.target ?? null);
  const linkTarget = useMemo(
    () => parseChallengeTarget(search, challenge.scoring),
    [search, challenge],
  );
  const target: ChallengeTarget | null = storedTarget ?? linkTarget;
  const [pending, setPending] = useState<Pending | null>(null);

  const unsaved = (stage.kind === 'timer' && stage.started) || stage.kind === 'entry';
  const guard = useLeaveGuard(unsaved, setPending);
  const finish = useDeferredModule(
    finishModule,
    stage.kind !== 'timer' || stage.started || pending !== null,
  );

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
      // The count over time, for the run's pace (features/timer/utils/pace-samples.ts).
      const prev = readSavedSet(key);
      const sameRun = prev?.stage === 'run' && prev.startedAt === p.startedAt;
      const pace = isCountedRun(challenge.timer)
        ? withSample(prev?.pace, sameRun, p.startedAt, Date.now(), repsOfCount(challenge, p.taps))
        : undefined;
      writeSavedSet(key, { stage: 'run', challenge: challenge.id, ...p, target, pace });
      setStage((s) => (s.kind === 'timer' && !s.started ? { ...s, started: true } : s));
    },
    [key, target, challenge],
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
      title: t`Workout discarded`,
      description: t`The set and its count were thrown away.`,
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
              setStage((s) => stageOf(snapshot, 'run' in s ? s.run + 1 : 0, challenge));
            } else navigate(timerHref(challenge));
          }}
        >
          {t`Undo`}
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
      if (stage.kind === 'entry')
        setStage({ kind: 'timer', run: stage.run + 1, resume: null, started: false });
      else if (stage.kind === 'timer') setStage({ ...stage, resume: null, started: false });
      offerUndo(snapshot);
    } else {
      discard(() => guard.leave(p));
    }
  };

  // Nothing asks before a run has started (the module is loading by then). During the run the
  // question takes Cancel's place and leaves the pad in view (DiscardQuestion); after it, a dialog.
  const DiscardDialog = finish.value?.DiscardDialog;
  const dialog = DiscardDialog && (
    <DiscardDialog
      open={pending !== null}
      finished={stage.kind === 'entry'}
      onKeep={() => setPending(null)}
      onDiscard={confirmDiscard}
    />
  );

  const ending = endWords(challenge, stage.kind === 'entry' && stage.capped === true);
  if (stage.kind !== 'timer' && !finish.value) {
    return finish.failed ? (
      <section className="mx-auto grid w-full max-w-md justify-items-center gap-4 pt-8 text-center">
        <p role="alert" className="text-sm font-semibold">
          {t`This screen could not load. Your set is kept.`}
        </p>
        <Button type="button" onClick={finish.retry}>
          {t`Try again`}
        </Button>
      </section>
    ) : (
      <PageSpinner />
    );
  }
  if (stage.kind === 'saved') {
    const { WorkoutSaved, TodayRank, WhereYouStand, PlanAfterSave } = finish.value!;
    const { workout, last, pace } = stage;
    return (
      <WorkoutSaved
        challenge={challenge}
        score={workout.score}
        // A capped run's reps: "CAP + 312 reps" where Workout Saved knows the mark.
        {...cappedProps(workout)}
        // Counted by the camera: every tier above entered (common/tiers.ts).
        verified={isCameraCounted(workout)}
        tier={workout.tier}
        username={user.username}
        personalBest={isNewPersonalBest(workout)}
        waitingToSync={workout.queued}
        target={target}
        setId={workout.queued || user.isPrivate ? undefined : workout.id}
        newBadges={workout.queued ? undefined : workout.newBadges}
        payoff={
          <RunPayoff
            challenge={challenge}
            set={workout}
            last={last}
            best={previousBestOf(workout)}
            pace={pace}
          />
        }
        rank={
          <>
            <TodayRank
              isPrivate={user.isPrivate}
              challenge={challenge.id}
              clubs={clubs.data}
              workoutId={workout.queued ? undefined : workout.id}
            />
            <WhereYouStand
              challenge={challenge}
              placed={{ score: workout.score, capped: workout.capped }}
            />
            {/* A plan's re-test (`?plan=`) is linked to it; any other set may start a plan. */}
            {workout.queued ? null : (
              <PlanAfterSave
                challenge={challenge}
                workoutId={workout.id}
                planId={Number(new URLSearchParams(search).get('plan')) || null}
              />
            )}
          </>
        }
      />
    );
  }
  if (stage.kind === 'entry') {
    const { CountEntry } = finish.value!;
    return (
      <section aria-labelledby="entry-title" className="mx-auto grid w-full max-w-md gap-6 pt-4">
        <div className="text-center">
          <h1 id="entry-title" className="text-3xl font-extrabold tracking-tight text-primary">
            {ending.title}
          </h1>
          <p className="text-muted-foreground">{ending.text}</p>
        </div>
        {target ? <TargetBanner target={target} scoring={challenge.scoring} /> : null}
        <CountEntry
          key={stage.run}
          challenge={challenge}
          initialCount={stage.camera?.count ?? stage.taps}
          initialCapped={stage.capped}
          // The run's controls are gone: the focus goes to the count, not to the page.
          focusOnOpen
          camera={stage.camera}
          // The run's pace goes with the save, fitted to the count saved
          // (docs/decisions/0268-pace-stored-with-the-set.md).
          pace={(set) => paceOfRun(challenge, readSavedSet(key)?.pace, set)}
          onSaved={(workout) => {
            const samples = readSavedSet(key)?.pace;
            clearSavedSet(key);
            // The stats are still those before this save (it invalidates them after this call).
            // The pace stored with the set; a save kept offline shows the one it will send.
            const pace = workout.pace ?? paceOfRun(challenge, samples, workout);
            setStage({ kind: 'saved', workout, last: lastOf(stats.data), pace });
          }}
          onCancel={() => setPending({ kind: 'cancel', discard: () => undefined })}
          // Only offered after a camera run that counted nothing: no set to lose, so a new run
          // starts at once, without the discard question.
          onTryAgain={() => {
            clearSavedSet(key);
            setStage({ kind: 'timer', run: stage.run + 1, resume: null, started: false });
          }}
        />
        {dialog}
      </section>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md [@media(orientation:landscape)_and_(max-height:32rem)]:max-w-3xl">
      <TimerScreen
        key={stage.run}
        challenge={challenge}
        resume={stage.resume}
        target={target}
        onProgress={onProgress}
        onCancel={(discardRun) => setPending({ kind: 'cancel', discard: discardRun })}
        onComplete={(taps, camera, capped) => {
          const next = { taps, camera, ...(capped === undefined ? {} : { capped }) };
          const pace = readSavedSet(key)?.pace;
          writeSavedSet(key, { stage: 'entry', challenge: challenge.id, ...next, target, pace });
          setStage({ kind: 'entry', ...next, run: stage.run });
        }}
        beforeStart={
          <BestToBeat
            scoring={challenge.scoring}
            best={stats.data ? bestOf(stats.data) : undefined}
          />
        }
        question={
          pending !== null ? (
            <DiscardQuestion onKeep={() => setPending(null)} onDiscard={confirmDiscard} />
          ) : null
        }
      />
    </div>
  );
}
