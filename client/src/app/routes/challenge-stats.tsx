import { Play, Trophy } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { DEFAULT_CHALLENGE, type OpenChallenge } from '@common/challenges';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { NoScore, StatTile } from '@/components/ui/stat-tile';
import { useUser } from '@/features/auth/api/get-user';
import { useStats } from '@/features/workouts/api/get-stats';
import { useWorkoutPages, useWorkouts } from '@/features/workouts/api/get-workouts';
import { ProgressChart } from '@/features/workouts/components/progress-chart';
import { PendingSaves } from '@/features/workouts/components/pending-saves';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatCount } from '@/lib/format-number';
import { servedChallenges, servedOpenChallenges } from '@/lib/challenges';
import { NO_SCORE, scoreFigure, statScores } from '@/lib/score-figure';

/** The open challenge `/profile/{name}` names: by id, or by its slug (/profile/90second). */
function statsChallenge(name: string): OpenChallenge | undefined {
  const lower = name.toLowerCase();
  return servedOpenChallenges().find((c) => c.id === lower || c.slug === lower);
}

/** The heading: "Push-up Stats", "Burpee Stats", "Hold Stats". */
function statsTitle(c: OpenChallenge) {
  if (c.scoring.kind === 'seconds') return 'Hold Stats';
  const one = c.scoring.unitOne;
  return `${one.charAt(0).toUpperCase()}${one.slice(1)} Stats`;
}

/** /profile/:challenge for each open challenge, /profile/pushup-90 and /90second-profile. */
export default function ChallengeStatsRoute() {
  const { challenge: name = DEFAULT_CHALLENGE } = useParams<{ challenge?: string }>();
  const open = statsChallenge(name);
  const known = open ? undefined : servedChallenges().find((c) => c.id === name.toLowerCase());
  useDocumentTitle(
    open?.id === DEFAULT_CHALLENGE
      ? 'Push-up stats'
      : open
        ? `${open.title} stats`
        : known
          ? `${known.title} stats`
          : 'Challenge not found',
  );
  if (open) return <Stats key={open.id} challenge={open} />;
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

/** One open challenge's stats, progress and full history, in its unit. */
function Stats({ challenge }: { challenge: OpenChallenge }) {
  const { data: user } = useUser();
  const signedIn = Boolean(user);
  const id = challenge.id;
  const stats = useStats({ enabled: signedIn, challenge: id });
  const recent = useWorkouts({ enabled: signedIn, challenge: id });
  const pages = useWorkoutPages({ enabled: signedIn, challenge: id });
  const history = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const held = challenge.scoring.kind === 'seconds';
  const figure = (testId: string, text: string) =>
    stats.isPending ? (
      <Skeleton className="mx-auto h-8 w-10" />
    ) : (
      <span data-testid={testId}>{text === NO_SCORE ? <NoScore /> : text}</span>
    );
  // The push-up tiles keep their first names; another challenge's say its unit.
  const totalLabel = held ? 'Total Time Held' : `Total ${challenge.scoring.label}`;
  const totalId = id === DEFAULT_CHALLENGE ? 'stat-total-push-ups' : 'stat-total';

  return (
    <section aria-labelledby="stats-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="stats-title" className="text-2xl font-extrabold tracking-tight">
            {statsTitle(challenge)}
          </h1>
          <p className="text-muted-foreground">{challenge.title}</p>
        </div>
        <Link href={paths.timer.getHref(id)} className={buttonVariants({ size: 'lg' })}>
          <Play aria-hidden="true" className="fill-current" />
          Start Challenge
        </Link>
      </div>

      <dl className="grid grid-cols-3 gap-2" data-testid="stats">
        <StatTile
          label={totalLabel}
          value={figure(totalId, scoreFigure(challenge.scoring, stats.data && statScores(stats.data).total))}
          className="bg-card shadow-sm"
        />
        <StatTile
          label="Personal Best"
          value={figure('stat-personal-best', scoreFigure(challenge.scoring, stats.data && statScores(stats.data).best))}
          className="bg-card shadow-sm"
        />
        <StatTile
          label="Workouts"
          value={figure('stat-workouts', formatCount(stats.data?.totalWorkouts ?? 0))}
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
            <ProgressChart workouts={recent.data ?? []} challenge={id} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>Workout History</CardTitle>
            <Link
              href={paths.leaderboard.getHref(id)}
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
              emptyText={`No ${held ? 'holds' : 'workouts'} yet. Start the timer or log a workout to see it here.`}
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
