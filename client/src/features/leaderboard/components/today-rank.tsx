import { t } from '@lingui/core/macro';
import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_CHALLENGE, type ChallengeId } from '@common/challenges';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { viewerTimeZone } from '@/lib/time-zone';
import { useQueries } from '@tanstack/react-query';
import { myStandingQueryOptions, useMyStanding } from '../api/get-my-standing';

/**
 * "You're #4 today" after a save, with a link to today's board (the board opens on Today). Read
 * after the save, so the save itself stays one insert (docs/decisions/0054-after-a-save.md). The
 * rank is the board's own (/me): a private member is on no board others see, and is told so as
 * on the leaderboard (docs/decisions/0045-privacy-settings.md).
 */
export function TodayRank({
  isPrivate = false,
  challenge = DEFAULT_CHALLENGE,
  clubs = [],
  workoutId,
}: {
  isPrivate?: boolean;
  /** The saved set's challenge: its board. */
  challenge?: ChallengeId;
  /** The member's clubs (the route gives them): "You're #2 in Early Birds" where this set placed them. */
  clubs?: readonly { slug: string; name: string }[];
  /** The saved set; a club line shows only where it is the member's best today (an improvement). */
  workoutId?: number;
}) {
  const me = useMyStanding('today', viewerTimeZone(), { enabled: true, challenge });
  const clubRank = useBestClubRank(challenge, clubs, workoutId);
  if (me.isPending) return <Skeleton className="mx-auto h-6 w-40" />;
  // A set dated on an earlier day leaves no standing today; a failed read says nothing.
  if (me.isError || me.data === null) return null;
  const rank = me.data.rank;
  const clubPlace = clubRank?.rank ?? 0;
  const clubName = clubRank?.name ?? '';
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
      <span className="font-semibold" data-testid="today-rank">
        {t`You're #${rank} today`}
      </span>
      {isPrivate ? (
        <span
          className="text-xs font-semibold text-accent-foreground"
          data-testid="today-rank-private"
        >
          {t`Only you can see this`}
        </span>
      ) : null}
      <Link
        href={paths.leaderboard.getHref(challenge)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        <Trophy className="size-4" aria-hidden="true" />
        {t`See today's board`}
      </Link>
      {clubRank ? (
        <span className="basis-full text-center font-semibold" data-testid="club-rank">
          {t`You're #${clubPlace} in ${clubName}`}
        </span>
      ) : null}
    </p>
  );
}

/**
 * The member's best place today among their clubs where the saved set is their best today (so it
 * moved them there), or null. One /me per club, read after the save like today's rank.
 */
function useBestClubRank(
  challenge: ChallengeId,
  clubs: readonly { slug: string; name: string }[],
  workoutId: number | undefined,
): { rank: number; name: string } | null {
  const tz = viewerTimeZone();
  const results = useQueries({
    queries: clubs.map((c) => ({
      ...myStandingQueryOptions('today', tz, 'all', challenge, {
        kind: 'club',
        slug: c.slug,
        name: c.name,
      }),
      enabled: workoutId !== undefined,
    })),
  });
  let best: { rank: number; name: string } | null = null;
  results.forEach((r, i) => {
    const standing = r.data;
    if (!standing || standing.id !== workoutId) return;
    if (!best || standing.rank < best.rank) best = { rank: standing.rank, name: clubs[i]!.name };
  });
  return best;
}
