import { Play, Trophy } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { formatHold, lowerIsBetter, statsTitleOf, type OpenChallenge } from '@common/challenges';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { longFigure, NoScore, StatTile } from '@/components/ui/stat-tile';
import { useUser } from '@/features/auth/api/get-user';
import { useStats } from '@/features/workouts/api/get-stats';
import { useWorkoutPages, useWorkouts } from '@/features/workouts/api/get-workouts';
import { ProgressChart } from '@/features/workouts/components/progress-chart';
import { PendingSaves } from '@/features/workouts/components/pending-saves';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatCount } from '@/lib/format-number';
import { defaultOpenChallenge, servedChallenges, servedOpenChallenges } from '@/lib/challenges';
import { NO_SCORE, scoreFigure, statScores, totalFigure, totalTileLabel } from '@/lib/score-figure';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

/** The open challenge `/profile/{name}` names: by id, or by its slug (/profile/nickels-dimes). */
function statsChallenge(name: string): OpenChallenge | undefined {
  const lower = name.toLowerCase();
  return servedOpenChallenges().find((c) => c.id === lower || c.slug === lower);
}

/**
 * The heading: "Push-up Stats", "Burpee Stats", "Hold Stats"; a challenge scored in rounds or by
 * time is named by its title ("Nickels and Dimes Stats").
 */
function statsTitle(c: OpenChallenge) {
  if (c.scoring.kind === 'seconds') return t`Hold Stats`;
  if (c.scoring.kind !== 'reps') {
    const title = sayShared(c.title)!;
    return t`${title} Stats`;
  }
  const one = sayShared(c.scoring.unitOne)!;
  const unit = `${one.charAt(0).toUpperCase()}${one.slice(1)}`;
  return t`${unit} Stats`;
}

/**
 * /profile/:challenge for each open challenge; the default challenge's at /profile (its id) and
 * at its older address where its entry declares one (config/paths.ts).
 */
export default function ChallengeStatsRoute() {
  const { challenge: asked } = useParams<{ challenge?: string }>();
  const name = asked ?? defaultOpenChallenge()?.id ?? '';
  const open = statsChallenge(name);
  const known = open ? undefined : servedChallenges().find((c) => c.id === name.toLowerCase());
  useDocumentTitle(
    open ? statsTitleOf(open) : known ? statsTitleOf(known) : t`Challenge not found`,
  );
  if (open) return <Stats key={open.id} challenge={open} />;
  const ready = defaultOpenChallenge();
  const knownTitle = known ? sayShared(known.title)! : '';
  const readyTitle = ready ? sayShared(ready.title)! : '';
  return (
    <section
      className="mx-auto grid max-w-md gap-4 py-10 text-center"
      aria-labelledby="stats-missing"
    >
      <h1 id="stats-missing" className="text-2xl font-extrabold tracking-tight">
        {known ? t`${knownTitle}: coming soon` : t`Challenge not found`}
      </h1>
      <p className="text-muted-foreground">
        {known
          ? ready
            ? t`Stats for this challenge arrive when it opens. Meanwhile, the ${readyTitle} is ready for you.`
            : t`Stats for this challenge arrive when it opens.`
          : ready
            ? t`We don't have a challenge by that name. The ${readyTitle} is ready for you.`
            : t`We don't have a challenge by that name.`}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {ready ? (
          <Link href={paths.challengeStats.getHref(ready.id)} className={buttonVariants()}>
            {statsTitleOf(ready)}
          </Link>
        ) : null}
        <Link href={paths.catalogue.getHref()} className={buttonVariants({ variant: 'outline' })}>
          {t`All challenges`}
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
      <span
        data-testid={testId}
        className={longFigure(text) ? 'block text-lg leading-tight' : undefined}
      >
        {text === NO_SCORE ? <NoScore /> : text}
      </span>
    );
  // A challenge with first names (the specification's) keeps its tile's first test id.
  const totalId = challenge.legacy ? `stat-total-${challenge.scoring.unit}` : 'stat-total';
  const figures = stats.data && statScores(stats.data);
  // A finish time: lower is better, and a capped run ranks below every finish.
  const cap =
    lowerIsBetter(challenge.scoring) && challenge.scoring.kind === 'for-time'
      ? challenge.scoring.capSeconds
      : null;
  const capTime = cap === null ? '' : formatHold(cap);

  return (
    <section aria-labelledby="stats-title" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="stats-title" className="text-2xl font-extrabold tracking-tight">
            {statsTitle(challenge)}
          </h1>
          <p className="text-muted-foreground">{sayShared(challenge.title)}</p>
        </div>
        <Link href={paths.timer.getHref(id)} className={buttonVariants({ size: 'lg' })}>
          <Play aria-hidden="true" className="fill-current" />
          {t`Start Challenge`}
        </Link>
      </div>

      <dl className="grid grid-cols-3 gap-2" data-testid="stats">
        <StatTile
          label={totalTileLabel(challenge.scoring)}
          value={figure(totalId, totalFigure(challenge.scoring, figures?.total))}
          className="bg-card shadow-sm"
        />
        <StatTile
          label={t`Personal Best`}
          value={figure(
            'stat-personal-best',
            scoreFigure(challenge.scoring, figures?.best, figures?.bestCapped),
          )}
          className="bg-card shadow-sm"
        />
        <StatTile
          label={t`Workouts`}
          value={figure('stat-workouts', formatCount(stats.data?.totalWorkouts ?? 0))}
          className="bg-card shadow-sm"
        />
      </dl>
      {cap !== null ? (
        <p className="-mt-2 text-sm text-muted-foreground" data-testid="lower-is-better">
          {t`Lower is better: your best is your fastest finish. A run stopped by the ${capTime} cap ranks below every finish, by its reps.`}
        </p>
      ) : null}
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t`Could not load your stats: ${stats.error.message}`}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t`Progress`}</CardTitle>
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
            <CardTitle>{t`Workout History`}</CardTitle>
            <Link
              href={paths.leaderboard.getHref(id)}
              className={buttonVariants({ variant: 'link', size: 'sm' })}
            >
              <Trophy aria-hidden="true" />
              {t`Leaderboard`}
            </Link>
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          {user ? <PendingSaves userId={user.id} /> : null}
          {pages.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : pages.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t`Could not load your workouts: ${pages.error.message}`}
            </p>
          ) : (
            <WorkoutList
              workouts={history}
              canDelete
              shareUsername={user?.username}
              emptyText={
                held
                  ? t`No holds yet. Start the timer or log a workout to see it here.`
                  : t`No workouts yet. Start the timer or log a workout to see it here.`
              }
            />
          )}
          {pages.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? <Spinner label={t`Loading more workouts`} /> : null}
              {t`Load more`}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
