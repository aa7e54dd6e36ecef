import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import type { Verification } from '@common/schemas/verification';
import { isNewPersonalBest } from '@common/workouts';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';
import { useUser } from '@/features/auth/api/get-user';
import { TodayRank } from '@/features/leaderboard/components/today-rank';
import { WorkoutSaved } from '@/features/share/components/workout-saved';
import { TargetBanner } from '@/features/timer/components/target-banner';
import { TimerScreen } from '@/features/timer/components/timer-screen';
import { CountEntry } from '@/features/workouts/components/count-entry';
import { parseChallengeTarget } from '@/lib/challenge-link';
import { useDocumentTitle } from '@/lib/use-document-title';

type Stage =
  | { kind: 'timer'; run: number }
  | { kind: 'entry'; taps: number; run: number; camera: { count: number; verification: Verification } | null }
  | { kind: 'saved'; workout: SaveOutcome };

/** Timer -> count entry -> Workout Saved (spec: Timer); ?beat=&from= sets a friend's target. */
export default function TimerRoute() {
  const { data: user } = useUser();
  const search = useSearch();
  // Anyone can write the link: a value that is not a valid count and username is ignored.
  const target = useMemo(() => parseChallengeTarget(search), [search]);
  const [stage, setStage] = useState<Stage>({ kind: 'timer', run: 0 });
  useDocumentTitle('Push-up timer');

  if (stage.kind === 'saved') {
    const { workout } = stage;
    return (
      <WorkoutSaved
        pushups={workout.pushups}
        verified={workout.verified}
        username={user?.username ?? ''}
        personalBest={isNewPersonalBest(workout)}
        waitingToSync={workout.queued}
        target={target}
        rank={<TodayRank isPrivate={user?.isPrivate ?? false} />}
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
          initialCount={stage.camera?.count ?? stage.taps}
          camera={stage.camera}
          onSaved={(workout) => setStage({ kind: 'saved', workout })}
          onCancel={() => setStage({ kind: 'timer', run: stage.run + 1 })}
        />
      </section>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-md gap-4">
      {target ? <TargetBanner target={target} /> : null}
      <TimerScreen
        key={stage.run}
        onComplete={(taps, camera) => setStage({ kind: 'entry', taps, camera, run: stage.run })}
      />
    </div>
  );
}
