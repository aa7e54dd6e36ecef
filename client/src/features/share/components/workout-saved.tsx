import {
  Award,
  CheckCircle2,
  CloudOff,
  Home,
  ImageIcon,
  PartyPopper,
  Swords,
  Trophy,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { sayShared, sharedInMyLanguage } from '@/lib/i18n';
import { Link } from 'wouter';
import {
  formatHold,
  formatScore,
  formatScoreShort,
  type OpenChallenge,
  type Scoring,
} from '@common/challenges';
import { badgeName } from '@common/badges';
import type { NewBadge } from '@common/schemas/workouts';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { profileShareUrl } from '@/components/ui/share-menu';
import { TierBadge, TierLegend } from '@/components/ui/tier-badge';
import { VerifiedMark } from '@/components/ui/verified-mark';
import type { ScoreTier } from '@common/tier-words';
import { paths } from '@/config/paths';
import { beatsTarget, challengeLinkPath, type ChallengeTarget } from '@/lib/challenge-link';
import { beatMeText, shareText, shareTitle } from '@/lib/challenge-share';
import { setCardUrl } from '../utils/set-card-url';
import { ShareButton } from './share-button';

export interface WorkoutSavedProps {
  /** The challenge the set was of: its unit, board, home and beat link. */
  challenge: OpenChallenge;
  /** The score saved: reps, whole seconds held, total reps of rounds, a finish's seconds. */
  score: number;
  /** A for-time run that reached the cap: `score` is its reps. */
  capped?: boolean;
  username: string;
  /** Counted by camera, as the server verified it. */
  verified?: boolean;
  /** How far the score is proven (common/tiers.ts); absent: not known yet (offline). */
  tier?: ScoreTier;
  /** The save beat the member's previous best. */
  personalBest?: boolean;
  /** Kept on the device until the connection returns (no rank or best to show yet). */
  waitingToSync?: boolean;
  /** The friend's count this run tried to beat (from a "Challenge a friend" link). */
  target?: ChallengeTarget | null;
  /** The member's standing today (the route passes the leaderboard's TodayRank). */
  rank?: ReactNode;
  /** This set against the last one and the best, its pace, a first set celebrated (features/payoff). */
  payoff?: ReactNode;
  /** The saved set's id: offers its own share card (none for a private member or a set not sent). */
  setId?: number;
  /** The badges this save earned (the save's answer), one line each. */
  newBadges?: NewBadge[];
}

/** A target's score in a sentence: "42", "3:25", "7 rounds + 9", "18:42", "CAP + 312 reps". */
const targetText = (scoring: Scoring, score: number, capped: boolean) =>
  scoring.kind === 'reps' || scoring.kind === 'seconds'
    ? formatScoreShort(scoring, score)
    : formatScore(scoring, score, capped);

/** What it takes to beat a target not beaten: more reps, a longer hold, a faster finish. */
function stillToDo(
  scoring: Scoring,
  score: number,
  capped: boolean,
  target: ChallengeTarget,
): string {
  const more = target.beat - score + 1;
  if (scoring.kind === 'seconds') {
    const longer = formatHold(more);
    return t`Hold ${longer} longer to beat it.`;
  }
  if (scoring.kind === 'for-time') {
    // Lower is better for a finish; any finish beats a capped run.
    if (target.capped) return capped ? t`${more} more reps to beat it.` : t`Finish to beat it.`;
    const theirs = formatHold(target.beat);
    const faster = formatHold(score - target.beat + 1);
    return capped
      ? t`Finish faster than ${theirs} to beat it.`
      : t`Finish ${faster} faster to beat it.`;
  }
  return t`${more} more to beat it.`;
}

function TargetResult({
  score,
  capped,
  target,
  scoring,
}: {
  score: number;
  capped: boolean;
  target: ChallengeTarget;
  scoring: Scoring;
}) {
  const beaten = beatsTarget(score, target, scoring, capped);
  const from = target.from;
  const theirs = targetText(scoring, target.beat, target.capped === true);
  const todo = stillToDo(scoring, score, capped, target);
  const tied = score === target.beat && capped === (target.capped === true);
  return (
    <p className="rounded-xl bg-muted px-3 py-2 font-semibold" data-testid="target-result">
      {beaten
        ? t`You beat ${from}'s ${theirs}!`
        : tied
          ? t`You tied ${from}'s ${theirs}. One more next time!`
          : t`${from}'s ${theirs} still stands. ${todo}`}
    </p>
  );
}

/**
 * The big figure and its words: "42" "burpees", "3:25" "held", "7 rounds + 9" "(114 reps)",
 * "18:42" "to finish", "CAP + 312" "reps at the cap".
 */
function scoreParts(scoring: Scoring, score: number, capped: boolean): [string, string] {
  const unit = sayShared(score === 1 ? scoring.unitOne : scoring.unit)!;
  switch (scoring.kind) {
    case 'seconds':
      return [formatHold(score), t`held`];
    case 'rounds':
      return [formatScore(scoring, score), t`(${score} ${unit})`];
    case 'for-time':
      return capped
        ? [t`CAP + ${score}`, t`${unit} at the cap`]
        : [formatHold(score), t`to finish`];
    case 'reps':
      return [String(score), unit];
  }
}

const badgeEarned = (name: string) => t`Badge earned: ${name}`;

/**
 * The confirmation after a save (timer and log workout), in the challenge's unit ("42 burpees",
 * "3:25 held", "18:42 to finish", "CAP + 312 reps at the cap"): a new personal best of this challenge, today's rank, the result against a friend's
 * target, share, Challenge a friend, and the challenge's board and home.
 */
export function WorkoutSaved({
  challenge,
  score,
  capped = false,
  username,
  verified = false,
  tier,
  personalBest = false,
  waitingToSync = false,
  target = null,
  rank = null,
  payoff = null,
  setId,
  newBadges = [],
}: WorkoutSavedProps) {
  // "Challenge a friend": the challenge's timer with the score to beat (/burpees-or-bust/timer?beat=42&from=ann).
  const challengeUrl = sharedInMyLanguage(
    `${window.location.origin}${challengeLinkPath(score, username, challenge.id, capped)}`,
  );
  const [big, unit] = scoreParts(challenge.scoring, score, capped);
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
            {t`Workout Saved`}
          </h1>
          <p className="text-muted-foreground">
            <span className="text-3xl font-extrabold text-foreground" data-testid="saved-count">
              {big}
            </span>{' '}
            {t`${unit}. Nice work!`}
          </p>
          {verified ? (
            <p className="flex items-center justify-center gap-1 text-sm font-semibold text-accent-foreground">
              <VerifiedMark /> {t`Counted by the camera`}
            </p>
          ) : null}
          {tier && !waitingToSync ? (
            <p className="flex items-center justify-center gap-1 text-sm">
              <TierBadge tier={tier} />
              <TierLegend className="min-h-8 text-xs" />
            </p>
          ) : null}
          {waitingToSync ? (
            <p className="text-sm text-muted-foreground" data-testid="waiting-to-sync">
              {t`You are offline: it is kept on this device and sent when you are back online.`}
            </p>
          ) : null}
        </div>
        {personalBest && !waitingToSync ? (
          <p
            className="flex items-center justify-center gap-2 text-xl font-extrabold text-primary"
            data-testid="personal-best"
          >
            <PartyPopper className="size-6" aria-hidden="true" />
            {t`New personal best!`}
          </p>
        ) : null}
        {newBadges.length > 0 && !waitingToSync ? (
          <ul aria-label={t`Badges earned`} className="grid gap-1" data-testid="new-badges">
            {newBadges.map((b) => (
              <li
                key={`${b.kind}:${b.challenge ?? ''}`}
                className="flex items-center justify-center gap-2 font-semibold"
              >
                <Award aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {badgeEarned(badgeName(b.kind, b.challenge ?? null))}
              </li>
            ))}
          </ul>
        ) : null}
        {waitingToSync ? null : payoff}
        {target ? (
          <TargetResult score={score} capped={capped} target={target} scoring={challenge.scoring} />
        ) : null}
        {waitingToSync ? null : rank}
        <div className="grid gap-2 sm:grid-cols-2">
          <ShareButton
            url={profileShareUrl(username)}
            text={shareText(challenge.id, score, capped)}
            title={shareTitle(challenge.id)}
            variant="default"
          />
          <ShareButton
            url={challengeUrl}
            text={beatMeText(challenge.id, score, capped)}
            title={shareTitle(challenge.id)}
            label={t`Challenge a friend`}
            icon={Swords}
          />
          {setId !== undefined && !waitingToSync ? (
            <div className="grid sm:col-span-2">
              <ShareButton
                url={setCardUrl(setId)}
                text={shareText(challenge.id, score, capped)}
                title={shareTitle(challenge.id)}
                label={t`Share this set`}
                icon={ImageIcon}
              />
            </div>
          ) : null}
        </div>
        {/* Stacked on phones: "View Leaderboard" does not fit half of a 390 px screen. */}
        <div className="grid gap-2 sm:grid-cols-2">
          <Link
            href={paths.leaderboard.getHref(challenge.id)}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Trophy aria-hidden="true" />
            {t`View Leaderboard`}
          </Link>
          <Link
            href={paths.challengeHome.getHref(challenge.id)}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Home aria-hidden="true" />
            {t`Home`}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
