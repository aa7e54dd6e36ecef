import { Play, Trophy } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { CHALLENGES } from '@common/challenges';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StatTile } from '@/components/ui/stat-tile';
import { useUser } from '@/features/auth/api/get-user';
import { useStats } from '@/features/workouts/api/get-stats';
import { useWorkoutPages, useWorkouts } from '@/features/workouts/api/get-workouts';
import { ProgressChart } from '@/features/workouts/components/progress-chart';
import { PendingSaves } from '@/features/workouts/components/pending-saves';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatCount } from '@/lib/format-number';

const PUSHUP_IDS = new Set(['pushup-90', '90second']);

/** /profile/:challenge, /profile/pushup-90 and /90second-profile. */
export default function ChallengeStatsRoute() {
  const { challenge = 'pushup-90' } = useParams<{ challenge?: string }>();
  const isPushup = PUSHUP_IDS.has(challenge);
  const known = isPushup ? undefined : CHALLENGES.find((c) => c.id === challenge);
  useDocumentTitle(isPushup ? 'Push-up stats' : known ? `${known.title} stats` : 'Challenge not found');
  if (isPushup) return <PushupStats />;
  return (
    <section
      className="mx-auto grid max-w-md gap-4 py-10 text-center"
      aria-labelledby="stats-missing"
    >
      <h1 id="stats-missing" className="text-2xl font-extrabold tracking-tight">
        {known ? `${known.title}: coming soon` : 'Challenge not found'}
      </h1>
      <p className="text-muted-foreground">
        {known
          ? 'Stats for this challenge arrive when it opens. Meanwhile, the 90 Second Push-up Challenge is ready for you.'
          : "We don't have a challenge by that name. The 90 Second Push-up Challenge is ready for you."}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Link href={paths.challengeStats.getHref()} className={buttonVariants()}>
          Push-up stats
        </Link>
        <Link href={paths.catalogue.getHref()} className={buttonVariants({ variant: 'outline' })}>
          All challenges
        </Link>
      </div>
    </section>
  );
}

function PushupStats() {
  const { data: user } = useUser();
  const signedIn = Boolean(user);
  const stats = useStats({ enabled: signedIn });
  const recent = useWorkouts({ enabled: signedIn });
  const pages = useWorkoutPages({ enabled: signedIn });
  const history = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const figure = (testId: string, value?: number) =>
    stats.isPending ? (
      <Skeleton className="mx-auto h-8 w-10" />
    ) : (
      <span data-testid={testId}>{formatCount(value ?? 0)}</span>
    );

  return (
    <section aria-labelledby="stats-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="stats-title" className="text-2xl font-extrabold tracking-tight">
            Push-up Stats
          </h1>
          <p className="text-muted-foreground">90 Second Push-up Challenge</p>
        </div>
        <Link href={paths.timer.getHref()} className={buttonVariants({ size: 'lg' })}>
          <Play aria-hidden="true" className="fill-current" />
          Start Challenge
        </Link>
      </div>

      <dl className="grid grid-cols-3 gap-2" data-testid="stats">
        <StatTile
          label="Total Push-ups"
          value={figure('stat-total-push-ups', stats.data?.totalPushups)}
          className="bg-card shadow-sm"
        />
        <StatTile
          label="Personal Best"
          value={figure('stat-personal-best', stats.data?.bestPushups)}
          className="bg-card shadow-sm"
        />
        <StatTile
          label="Workouts"
          value={figure('stat-workouts', stats.data?.totalWorkouts)}
          className="bg-card shadow-sm"
        />
      </dl>
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load your stats: {stats.error.message}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Progress</CardTitle>
        </CardHeader>
        <CardContent>
          {recent.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <ProgressChart workouts={recent.data ?? []} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>Workout History</CardTitle>
            <Link
              href={paths.leaderboard.getHref()}
              className={buttonVariants({ variant: 'link', size: 'sm' })}
            >
              <Trophy aria-hidden="true" />
              Leaderboard
            </Link>
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          {user ? <PendingSaves userId={user.id} /> : null}
          {pages.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : pages.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load your workouts: {pages.error.message}
            </p>
          ) : (
            <WorkoutList
              workouts={history}
              canDelete
              shareUsername={user?.username}
              emptyText="No workouts yet. Start the timer or log a workout to see it here."
            />
          )}
          {pages.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? <Spinner label="Loading more workouts" /> : null}
              Load more
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
