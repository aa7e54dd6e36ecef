import { ArrowRight, ChevronRight, LogIn, PenSquare, Play } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { challengeForPath, type Challenge, type OpenChallenge } from '@common/challenges';
import { RECENT_HISTORY } from '@common/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { useUser } from '@/features/auth/api/get-user';
import { ChallengeIcon, CHALLENGE_COLORS } from '@/features/challenges/components/challenge-icon';
import { LeaderboardPreview } from '@/features/leaderboard/components/leaderboard-preview';
import { WhereYouStand } from '@/features/standing/components/where-you-stand';
import { useStats } from '@/features/workouts/api/get-stats';
import { useWorkouts } from '@/features/workouts/api/get-workouts';
import { PendingSaves } from '@/features/workouts/components/pending-saves';
import { PlanCard } from '@/features/plans/components/plan-card';
import { WeeklyGoal } from '@/features/workouts/components/weekly-goal';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { defaultOpenChallenge, openChallengeForPath, servedChallenges } from '@/lib/challenges';
import { useDocumentTitle } from '@/lib/use-document-title';
import { lastTileLabel, scoreFigure, statScores } from '@/lib/score-figure';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

function ChallengeTitle({ challenge }: { challenge: Challenge }) {
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-xl',
          CHALLENGE_COLORS[challenge.color],
        )}
      >
        <ChallengeIcon icon={challenge.icon} className="size-6" />
      </span>
      <div className="grid gap-1">
        <h1 id="challenge-title" className="text-2xl font-extrabold leading-tight tracking-tight">
          {sayShared(challenge.title)}
        </h1>
        <p className="text-muted-foreground">{sayShared(challenge.description)}</p>
      </div>
    </div>
  );
}

function AllChallengesLink() {
  return (
    <Link
      href={paths.catalogue.getHref()}
      className="inline-flex min-h-11 items-center justify-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
    >
      {t`View all challenges`}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

/** A card's title with a link to more on the right (Your Recent History, Today's Leaders). */
function TitleWithLink({
  id,
  title,
  href,
  label,
}: {
  id: string;
  title: string;
  href: string;
  label: string;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <CardTitle id={id}>{title}</CardTitle>
      <Link
        href={href}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary"
      >
        {label}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}

function ComingSoon({ challenge }: { challenge: Challenge }) {
  // The default challenge, or whichever the operator opened first.
  const ready = defaultOpenChallenge();
  const title = sayShared(challenge.title)!;
  const duration = sayShared(challenge.duration)!;
  const readyTitle = ready ? sayShared(ready.title)! : '';
  return (
    <section aria-labelledby="challenge-title" className="grid gap-6">
      <ChallengeTitle challenge={challenge} />
      <Card>
        <CardHeader>
          <div>
            <Badge variant="secondary">{t`Coming Soon`}</Badge>
          </div>
          <CardTitle>{t`This challenge is coming soon`}</CardTitle>
          <CardDescription>
            {ready
              ? t`${title} (${duration}) is not open yet. Meanwhile, the ${readyTitle} is ready for you.`
              : t`${title} (${duration}) is not open yet.`}
          </CardDescription>
        </CardHeader>
        {ready ? (
          <CardContent>
            {/* Two lines on a small phone rather than a clipped title. */}
            <Button asChild size="lgWrap" className="w-full">
              <Link href={ready.path}>
                <span className="whitespace-normal text-center">{t`Go to the ${readyTitle}`}</span>
              </Link>
            </Button>
          </CardContent>
        ) : null}
      </Card>
      <AllChallengesLink />
    </section>
  );
}

function YourProgress({ challenge, signedIn }: { challenge: OpenChallenge; signedIn: boolean }) {
  const stats = useStats({ enabled: signedIn, challenge: challenge.id });
  const held = challenge.scoring.kind === 'seconds';
  const figures = stats.data ? statScores(stats.data) : { last: 0, best: 0, total: 0 };
  return (
    <Card>
      <CardHeader>
        <CardTitle id="progress-title">{t`Your Progress`}</CardTitle>
      </CardHeader>
      <CardContent>
        {!signedIn ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {held
                ? t`Sign in to track your last hold, personal best and workouts.`
                : challenge.scoring.kind === 'reps'
                  ? t`Sign in to track your last count, personal best and workouts.`
                  : t`Sign in to track your last score, personal best and workouts.`}
            </p>
            <Button asChild variant="outline">
              <Link href={paths.auth.getHref()}>
                <LogIn aria-hidden="true" />
                {t`Sign in to track progress`}
              </Link>
            </Button>
          </div>
        ) : stats.isPending ? (
          <Skeleton className="h-36" />
        ) : stats.isError ? (
          <p role="alert" className="text-sm">
            {t`Could not load your stats. ${stats.error.message}`}
          </p>
        ) : (
          <div className="grid gap-3">
            <dl className="grid grid-cols-3 gap-2">
              <StatTile
                label={lastTileLabel(challenge.scoring)}
                value={scoreFigure(challenge.scoring, figures.last, figures.lastCapped)}
              />
              <StatTile
                label={t`Personal Best`}
                value={scoreFigure(challenge.scoring, figures.best, figures.bestCapped)}
              />
              <StatTile label={t`Total Workouts`} value={stats.data.totalWorkouts} />
            </dl>
            <WeeklyGoal stats={stats.data} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RecentHistory({
  challenge,
  userId,
  username,
}: {
  challenge: OpenChallenge;
  userId: number;
  username: string;
}) {
  const workouts = useWorkouts({ challenge: challenge.id });
  return (
    <Card>
      <CardHeader>
        <TitleWithLink
          id="history-title"
          title={t`Your Recent History`}
          href={paths.challengeStats.getHref(challenge.id)}
          label={t`See all`}
        />
      </CardHeader>
      <CardContent className="grid gap-3">
        <PendingSaves userId={userId} />
        {workouts.isPending ? (
          <Skeleton className="h-40" />
        ) : workouts.isError ? (
          <p role="alert" className="text-sm">
            {t`Could not load your workouts. ${workouts.error.message}`}
          </p>
        ) : (
          <WorkoutList
            workouts={workouts.data.slice(0, RECENT_HISTORY)}
            canDelete
            shareUsername={username}
            emptyText={
              challenge.scoring.kind === 'seconds'
                ? t`No holds yet. Start the timer to log your first set!`
                : t`No workouts yet. Start the timer to log your first set!`
            }
          />
        )}
      </CardContent>
    </Card>
  );
}

/** An open challenge's home: progress, Start and Log, today's leaders, recent sets, in its unit. */
function OpenHome({ challenge }: { challenge: OpenChallenge }) {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="challenge-title" className="grid gap-4" data-challenge={challenge.id}>
      <ChallengeTitle challenge={challenge} />
      <YourProgress challenge={challenge} signedIn={Boolean(user)} />
      {user ? <WhereYouStand challenge={challenge} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <Button asChild size="lg">
          <Link href={paths.timer.getHref(challenge.id)}>
            <Play aria-hidden="true" />
            {t`Start Timer`}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={paths.logWorkout.getHref(challenge.id)}>
            <PenSquare aria-hidden="true" />
            {t`Log Workout`}
          </Link>
        </Button>
      </div>
      <PlanCard challenge={challenge} signedIn={Boolean(user)} />
      {/* Side by side from 1024 px. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <TitleWithLink
              id="leaders-title"
              title={t`Today's Leaders`}
              href={paths.leaderboard.getHref(challenge.id)}
              label={t`View All`}
            />
          </CardHeader>
          <CardContent>
            <LeaderboardPreview challenge={challenge} viewerUsername={user?.username ?? null} />
          </CardContent>
        </Card>
        {user ? (
          <RecentHistory challenge={challenge} userId={user.id} username={user.username} />
        ) : null}
      </div>
      <AllChallengesLink />
    </section>
  );
}

/**
 * An open challenge's home at its slug (/plank-drop), /dashboard the default one's; a closed
 * challenge with a home in the specification (/burpees-or-bust) says Coming Soon.
 */
export default function ChallengeHomeRoute() {
  const [pathname] = useLocation();
  const closed = challengeForPath(pathname, servedChallenges());
  const open = openChallengeForPath(pathname) ?? defaultOpenChallenge();
  const comingSoon = closed && !closed.isActive ? closed : undefined;
  const shown = (comingSoon ?? open)?.title;
  useDocumentTitle(shown ? sayShared(shown)! : t`Challenges`);
  if (comingSoon) return <ComingSoon challenge={comingSoon} />;
  if (!open) return null;
  return <OpenHome key={open.id} challenge={open} />;
}
