import { LayoutGrid, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { formatScore, type OpenChallenge } from '@common/challenges';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { MyAchievements } from '@/features/badges/components/achievements-card';
import { CHALLENGE_COLORS, ChallengeIcon } from '@/features/challenges/components/challenge-icon';
import { ChallengeCards } from '@/features/profile/components/challenge-cards';
import { EmailStatus } from '@/features/email/components/email-status';
import { EditProfileDialog } from '@/features/profile/components/edit-profile-dialog';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { statsQueryKey, useStats } from '@/features/workouts/api/get-stats';
import { cn } from '@/lib/utils';
import { paths } from '@/config/paths';
import { statScores } from '@/lib/score-figure';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

/** The member's best in an open challenge, on its card ("Best 42 burpees"); nothing before a first set. */
function ChallengeBest({ challenge }: { challenge: OpenChallenge }) {
  const stats = useStats({ challenge: challenge.id });
  if (!stats.data || stats.data.totalWorkouts === 0) return null;
  const { best, bestCapped } = statScores(stats.data);
  return (
    <span
      className="shrink-0 text-right text-xs text-muted-foreground"
      data-testid={`best-${challenge.id}`}
    >
      {t`Best`}
      <span className="block text-sm font-bold text-foreground">
        {formatScore(challenge.scoring, best, bestCapped)}
      </span>
    </span>
  );
}

// Protected (RequireAuth in the router), so the user is present here.
export default function ProfileRoute() {
  const { data: user } = useUser();
  const logout = useLogout();
  const stats = useStats({ enabled: Boolean(user) });
  const queryClient = useQueryClient();
  useDocumentTitle(t`Your profile`);
  if (!user) return null;
  return (
    // From 1024 px: the card, its buttons and Sign Out on the left, the challenges on the right.
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className="grid gap-3">
        <ProfileCard user={user} />
        <EmailStatus confirmed={user.emailConfirmed} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <EditProfileDialog
          user={user}
          weeklyGoal={stats.data?.weeklyGoal}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: statsQueryKey })}
        />
        <Button asChild variant="outline">
          <Link href={paths.profileSettings.getHref()}>
            <Settings aria-hidden="true" />
            {t`Settings`}
          </Link>
        </Button>
        {user.isModerator ? (
          <Button asChild variant="outline" className="col-span-2">
            <Link href={paths.moderation.getHref()}>
              <ShieldCheck aria-hidden="true" />
              {t`Moderation`}
            </Link>
          </Button>
        ) : null}
      </div>
      <Card className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
        <CardHeader>
          <CardTitle>{t`Your Challenges`}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ChallengeCards
            renderBest={(c) => <ChallengeBest challenge={c} />}
            renderIcon={(c) => (
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-lg',
                  CHALLENGE_COLORS[c.color],
                )}
              >
                <ChallengeIcon icon={c.icon} className="size-5" />
              </span>
            )}
          />
          <Button asChild variant="secondary">
            <Link href={paths.catalogue.getHref()}>
              <LayoutGrid aria-hidden="true" />
              {t`See All Challenges`}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <MyAchievements className="lg:col-start-2 lg:row-start-4" />
      {/* A way out, not the page's main action: as quiet as Settings. */}
      <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {logout.isPending ? <Spinner label={t`Signing out`} /> : <LogOut aria-hidden="true" />}
        {t`Sign Out`}
      </Button>
    </div>
  );
}
