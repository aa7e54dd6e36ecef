import { ArrowRight, ChevronRight, LogIn, PenSquare, Play } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { CHALLENGES, challengeForPath, type Challenge } from '@common/challenges';
import { RECENT_HISTORY } from '@common/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { useUser } from '@/features/auth/api/get-user';
import { ChallengeIcon, CHALLENGE_COLORS } from '@/features/challenges/components/challenge-icon';
import { LeaderboardPreview } from '@/features/leaderboard/components/leaderboard-preview';
import { useStats } from '@/features/workouts/api/get-stats';
import { useWorkouts } from '@/features/workouts/api/get-workouts';
import { PendingSaves } from '@/features/workouts/components/pending-saves';
import { WeeklyGoal } from '@/features/workouts/components/weekly-goal';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const PUSHUP = CHALLENGES.find((c) => c.isActive)!;

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
          {challenge.title}
        </h1>
        <p className="text-muted-foreground">{challenge.description}</p>
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
      View all challenges
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
  return (
    <section aria-labelledby="challenge-title" className="grid gap-6">
      <ChallengeTitle challenge={challenge} />
      <Card>
        <CardHeader>
          <div>
            <Badge variant="secondary">Coming Soon</Badge>
          </div>
          <CardTitle>This challenge is coming soon</CardTitle>
          <CardDescription>
            {challenge.title} ({challenge.duration}) is not open yet. Meanwhile, the {PUSHUP.title}{' '}
            is ready for you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <Link href={PUSHUP.path!}>Go to the {PUSHUP.title}</Link>
          </Button>
        </CardContent>
      </Card>
      <AllChallengesLink />
    </section>
  );
}

function YourProgress({ signedIn }: { signedIn: boolean }) {
  const stats = useStats({ enabled: signedIn });
  return (
    <Card>
      <CardHeader>
        <CardTitle id="progress-title">Your Progress</CardTitle>
      </CardHeader>
      <CardContent>
        {!signedIn ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              Sign in to track your last count, personal best and workouts.
            </p>
            <Button asChild variant="outline">
              <Link href={paths.auth.getHref()}>
                <LogIn aria-hidden="true" />
                Sign in to track progress
              </Link>
            </Button>
          </div>
        ) : stats.isPending ? (
          <Skeleton className="h-36" />
        ) : stats.isError ? (
          <p role="alert" className="text-sm">
            Could not load your stats. {stats.error.message}
          </p>
        ) : (
          <div className="grid gap-3">
            <dl className="grid grid-cols-3 gap-2">
              <StatTile label="Last Count" value={stats.data.lastPushups} />
              <StatTile label="Personal Best" value={stats.data.bestPushups} />
              <StatTile label="Total Workouts" value={stats.data.totalWorkouts} />
            </dl>
            <WeeklyGoal stats={stats.data} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RecentHistory({ userId, username }: { userId: number; username: string }) {
  const workouts = useWorkouts();
  return (
    <Card>
      <CardHeader>
        <TitleWithLink
          id="history-title"
          title="Your Recent History"
          href={paths.challengeStats.getHref()}
          label="See all"
        />
      </CardHeader>
      <CardContent className="grid gap-3">
        <PendingSaves userId={userId} />
        {workouts.isPending ? (
          <Skeleton className="h-40" />
        ) : workouts.isError ? (
          <p role="alert" className="text-sm">
            Could not load your workouts. {workouts.error.message}
          </p>
        ) : (
          <WorkoutList
            workouts={workouts.data.slice(0, RECENT_HISTORY)}
            canDelete
            shareUsername={username}
            emptyText="No workouts yet. Start the timer to log your first set!"
          />
        )}
      </CardContent>
    </Card>
  );
}

function PushupHome() {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="challenge-title" className="grid gap-4">
      <ChallengeTitle challenge={PUSHUP} />
      <YourProgress signedIn={Boolean(user)} />
      <div className="grid grid-cols-2 gap-3">
        <Button asChild size="lg">
          <Link href={paths.timer.getHref()}>
            <Play aria-hidden="true" />
            Start Timer
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={paths.logWorkout.getHref()}>
            <PenSquare aria-hidden="true" />
            Log Workout
          </Link>
        </Button>
      </div>
      {/* Side by side from 1024 px. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <TitleWithLink
              id="leaders-title"
              title="Today's Leaders"
              href={paths.leaderboard.getHref()}
              label="View All"
            />
          </CardHeader>
          <CardContent>
            <LeaderboardPreview viewerUsername={user?.username ?? null} />
          </CardContent>
        </Card>
        {user ? <RecentHistory userId={user.id} username={user.username} /> : null}
      </div>
      <AllChallengesLink />
    </section>
  );
}

/** /90second and /dashboard: the push-up home; /nickels-dimes, /burpees-or-bust: coming soon. */
export default function ChallengeHomeRoute() {
  const [pathname] = useLocation();
  const challenge = challengeForPath(pathname);
  useDocumentTitle(challenge && !challenge.isActive ? challenge.title : PUSHUP.title);
  if (challenge && !challenge.isActive) return <ComingSoon challenge={challenge} />;
  return <PushupHome />;
}
