import { CheckCircle2, Home, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { profileShareUrl, pushupShareText, SHARE_TITLE } from '@/components/ui/share-menu';
import { ShareButton } from './share-button';
import { paths } from '@/config/paths';
import { VerifiedMark } from '@/components/ui/verified-mark';

/** The confirmation after a save (timer and log workout): share, View Leaderboard, Home. */
export function WorkoutSaved({
  pushups,
  username,
  verified = false,
}: {
  pushups: number;
  username: string;
  verified?: boolean;
}) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardContent className="grid gap-5 pt-6 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-primary" />
        <div className="grid gap-1">
          <h1
            className="text-2xl font-extrabold tracking-tight outline-none"
            tabIndex={-1}
            ref={(el) => el?.focus()}
          >
            Workout Saved
          </h1>
          <p className="text-muted-foreground">
            <span className="text-3xl font-extrabold text-foreground" data-testid="saved-count">
              {pushups}
            </span>{' '}
            push-up{pushups === 1 ? '' : 's'}. Nice work!
          </p>
          {verified ? (
            <p className="flex items-center justify-center gap-1 text-sm font-semibold text-emerald-900">
              <VerifiedMark /> Counted by the camera
            </p>
          ) : null}
        </div>
        <ShareButton
          url={profileShareUrl(username)}
          text={pushupShareText(pushups)}
          title={SHARE_TITLE}
          variant="default"
        />
        <div className="grid grid-cols-2 gap-2">
          <Link
            href={paths.leaderboard.getHref()}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Trophy aria-hidden="true" />
            View Leaderboard
          </Link>
          <Link
            href={paths.challengeHome.getHref()}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Home aria-hidden="true" />
            Home
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
