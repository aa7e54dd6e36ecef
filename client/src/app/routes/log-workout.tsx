import { useState } from 'react';
import { isNewPersonalBest } from '@common/workouts';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';
import { useLocation } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { useUser } from '@/features/auth/api/get-user';
import { TodayRank } from '@/features/leaderboard/components/today-rank';
import { WorkoutSaved } from '@/features/share/components/workout-saved';
import { LogWorkoutForm } from '@/features/workouts/components/log-workout-form';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Log a set done without the timer: entry -> saved (spec: Log workout). */
export default function LogWorkoutRoute() {
  const { data: user } = useUser();
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState<SaveOutcome | null>(null);
  useDocumentTitle(saved ? 'Workout saved' : 'Log workout');

  if (saved !== null) {
    return (
      <WorkoutSaved
        pushups={saved.pushups}
        username={user?.username ?? ''}
        personalBest={isNewPersonalBest(saved)}
        waitingToSync={saved.queued}
        rank={<TodayRank isPrivate={user?.isPrivate ?? false} />}
      />
    );
  }

  const cancel = () => {
    // Back where the user came from inside the app; Home when this page was opened directly.
    if (window.history.length > 1) window.history.back();
    else navigate(paths.challengeHome.getHref());
  };

  return (
    <section aria-labelledby="log-title" className="mx-auto grid w-full max-w-md gap-4">
      <div>
        <h1 id="log-title" className="text-2xl font-extrabold tracking-tight">
          Log Workout
        </h1>
        <p className="text-muted-foreground">Record a set of push-ups you did without the timer.</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <LogWorkoutForm joinedAt={user?.createdAt} onSaved={setSaved} onCancel={cancel} />
        </CardContent>
      </Card>
    </section>
  );
}
