import { CheckCircle2, CloudOff, Home, PartyPopper, Swords, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { APP_NAME } from '@common/constants';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { profileShareUrl, pushupShareText, SHARE_TITLE } from '@/components/ui/share-menu';
import { paths } from '@/config/paths';
import { VerifiedMark } from '@/components/ui/verified-mark';
import { beatsTarget, challengeLinkPath, type ChallengeTarget } from '@/lib/challenge-link';
import { ShareButton } from './share-button';

export interface WorkoutSavedProps {
  pushups: number;
  username: string;
  /** Counted by camera, as the server verified it. */
  verified?: boolean;
  /** The save beat the member's previous best. */
  personalBest?: boolean;
  /** Kept on the device until the connection returns (no rank or best to show yet). */
  waitingToSync?: boolean;
  /** The friend's count this run tried to beat (from a "Challenge a friend" link). */
  target?: ChallengeTarget | null;
  /** The member's standing today (the route passes the leaderboard's TodayRank). */
  rank?: ReactNode;
}

function TargetResult({ pushups, target }: { pushups: number; target: ChallengeTarget }) {
  const beaten = beatsTarget(pushups, target);
  return (
    <p className="rounded-xl bg-muted px-3 py-2 font-semibold" data-testid="target-result">
      {beaten
        ? `You beat ${target.from}'s ${target.beat}!`
        : pushups === target.beat
          ? `You tied ${target.from}'s ${target.beat}. One more next time!`
          : `${target.from}'s ${target.beat} still stands. ${target.beat - pushups + 1} more to beat it.`}
    </p>
  );
}

/**
 * The confirmation after a save (timer and log workout): a new personal best, today's rank, the
 * result against a friend's target, share, Challenge a friend, View Leaderboard and Home.
 */
export function WorkoutSaved({
  pushups,
  username,
  verified = false,
  personalBest = false,
  waitingToSync = false,
  target = null,
  rank = null,
}: WorkoutSavedProps) {
  const challengeUrl = `${window.location.origin}${challengeLinkPath(pushups, username)}`;
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardContent className="grid gap-5 pt-6 text-center">
        {waitingToSync ? (
          <CloudOff aria-hidden="true" className="mx-auto size-14 text-muted-foreground" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-primary" />
        )}
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
            <p className="flex items-center justify-center gap-1 text-sm font-semibold text-accent-foreground">
              <VerifiedMark /> Counted by the camera
            </p>
          ) : null}
          {waitingToSync ? (
            <p className="text-sm text-muted-foreground" data-testid="waiting-to-sync">
              You are offline: it is kept on this device and sent when you are back online.
            </p>
          ) : null}
        </div>
        {personalBest && !waitingToSync ? (
          <p
            className="flex items-center justify-center gap-2 text-xl font-extrabold text-primary"
            data-testid="personal-best"
          >
            <PartyPopper className="size-6" aria-hidden="true" />
            New personal best!
          </p>
        ) : null}
        {target ? <TargetResult pushups={pushups} target={target} /> : null}
        {waitingToSync ? null : rank}
        <div className="grid gap-2 sm:grid-cols-2">
          <ShareButton
            url={profileShareUrl(username)}
            text={pushupShareText(pushups)}
            title={SHARE_TITLE}
            variant="default"
          />
          <ShareButton
            url={challengeUrl}
            text={`Can you beat my ${pushups} push-up${pushups === 1 ? '' : 's'} in 90 seconds on ${APP_NAME}?`}
            title={SHARE_TITLE}
            label="Challenge a friend"
            icon={Swords}
          />
        </div>
        {/* Stacked on phones: "View Leaderboard" does not fit half of a 390 px screen. */}
        <div className="grid gap-2 sm:grid-cols-2">
          <Link href={paths.leaderboard.getHref()} className={buttonVariants({ variant: 'outline' })}>
            <Trophy aria-hidden="true" />
            View Leaderboard
          </Link>
          <Link href={paths.challengeHome.getHref()} className={buttonVariants({ variant: 'outline' })}>
            <Home aria-hidden="true" />
            Home
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
