import { useState } from 'react';
import { useMyClubs } from '@/features/clubs/api/list-clubs';
import { DEFAULT_CHALLENGE, logIntroOf } from '@common/challenges';
import { isNewPersonalBest } from '@common/workouts';
import type { SaveOutcome } from '@/features/workouts/api/create-workout';
import { useLocation } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { useUser } from '@/features/auth/api/get-user';
import { TodayRank } from '@/features/leaderboard/components/today-rank';
import { WorkoutSaved } from '@/features/share/components/workout-saved';
import { LogWorkoutForm } from '@/features/workouts/components/log-workout-form';
import { cappedProps } from '@/features/workouts/utils/capped';
import { paths } from '@/config/paths';
import { openChallengeById, openChallengeForPath } from '@/lib/challenges';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Log a set done without the timer: entry -> saved (spec: Log workout), for the open challenge
 * whose address this is (`/{slug}/log-workout`; `/log-workout` and `/90second/...` are the push-up
 * challenge's).
 */
export default function LogWorkoutRoute() {
  const { data: user } = useUser();
  // For "You're #N in {club}" after a save (the leaderboard's TodayRank).
  const clubs = useMyClubs({ enabled: Boolean(user) });
  const [location, navigate] = useLocation();
  const challenge = openChallengeForPath(location) ?? openChallengeById(DEFAULT_CHALLENGE)!;
  const [saved, setSaved] = useState<SaveOutcome | null>(null);
  useDocumentTitle(saved ? 'Workout saved' : 'Log workout');

  if (saved !== null) {
    return (
      <WorkoutSaved
        challenge={challenge}
        score={saved.score}
        {...cappedProps(saved)}
        username={user?.username ?? ''}
        personalBest={isNewPersonalBest(saved)}
        waitingToSync={saved.queued}
        rank={
          <TodayRank
            isPrivate={user?.isPrivate ?? false}
            challenge={challenge.id}
            clubs={clubs.data}
            workoutId={saved.queued ? undefined : saved.id}
          />
        }
      />
    );
  }

  const cancel = () => {
    // Back where the user came from inside the app; the challenge's home when this page was opened directly.
    if (window.history.length > 1) window.history.back();
    else navigate(paths.challengeHome.getHref(challenge.id));
  };

  const what = logIntroOf(challenge);

  return (
    <section aria-labelledby="log-title" className="mx-auto grid w-full max-w-md gap-4">
      <div>
        <h1 id="log-title" className="text-2xl font-extrabold tracking-tight">
          Log Workout
        </h1>
        <p className="text-muted-foreground">{what}</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <LogWorkoutForm
            key={challenge.id}
            challenge={challenge}
            joinedAt={user?.createdAt}
            onSaved={setSaved}
            onCancel={cancel}
          />
        </CardContent>
      </Card>
    </section>
  );
}
