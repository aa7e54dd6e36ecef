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
import type { ScoreOf } from '@common/run-payoff';
import { useStats } from '@/features/workouts/api/get-stats';
import { RunPayoff } from '@/features/payoff/components/run-payoff';
import { WhereYouStand } from '@/features/standing/components/where-you-stand';
import { PlanAfterSave } from '@/features/plans/components/plan-after-save';
import { lastOf, previousBestOf } from './set-comparison';
import { t } from '@lingui/core/macro';

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
  const [saved, setSaved] = useState<{ set: SaveOutcome; last: ScoreOf | null } | null>(null);
  // The last set to compare with, read before the save lands (as the timer does).
  const stats = useStats({ challenge: challenge.id });
  useDocumentTitle(saved ? t`Workout saved` : t`Log workout`);

  if (saved !== null) {
    const { set, last } = saved;
    return (
      <WorkoutSaved
        challenge={challenge}
        score={set.score}
        {...cappedProps(set)}
        username={user?.username ?? ''}
        personalBest={isNewPersonalBest(set)}
        waitingToSync={set.queued}
        setId={set.queued || user?.isPrivate ? undefined : set.id}
        newBadges={set.queued ? undefined : set.newBadges}
        payoff={
          <RunPayoff
            challenge={challenge}
            set={set}
            last={last}
            best={previousBestOf(set)}
            pace={null}
          />
        }
        rank={
          <>
            <TodayRank
              isPrivate={user?.isPrivate ?? false}
              challenge={challenge.id}
              clubs={clubs.data}
              workoutId={set.queued ? undefined : set.id}
            />
            <WhereYouStand
              challenge={challenge}
              placed={{ score: set.score, capped: set.capped }}
            />
            {set.queued ? null : (
              <PlanAfterSave challenge={challenge} workoutId={set.id} planId={null} />
            )}
          </>
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
          {t`Log Workout`}
        </h1>
        <p className="text-muted-foreground">{what}</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <LogWorkoutForm
            key={challenge.id}
            challenge={challenge}
            joinedAt={user?.createdAt}
            onSaved={(set) => setSaved({ set, last: lastOf(stats.data) })}
            onCancel={cancel}
          />
        </CardContent>
      </Card>
    </section>
  );
}
