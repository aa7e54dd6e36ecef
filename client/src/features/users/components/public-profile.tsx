import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DEFAULT_CHALLENGE, formatScore, type OpenChallenge } from '@common/challenges';
import { PUBLIC_RECENT_ACTIVITY } from '@common/constants';
import type { User } from '@common/schemas/auth';
import type { PublicProfile as PublicProfileData } from '@common/schemas/profile';
import type { PublicWorkout } from '@common/schemas/workouts';
import { UserAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { TierBadge } from '@/components/ui/tier-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { servedOpenChallenges } from '@/lib/challenges';
import { formatCount } from '@/lib/format-number';
import { currentLanguage, i18n, sayShared } from '@/lib/i18n';
import { formatMedium } from '@/lib/medium-date';
import {
  lastTileLabel,
  scoreFigure,
  statScores,
  totalFigure,
  totalTileLabel,
} from '@/lib/score-figure';
import { usePublicProfile } from '../api/get-public-profile';
import { UserNotFound } from './user-not-found';
import { FollowButton, FollowCounts } from './follow-button';

const GENDERS: Record<string, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  'prefer-not-to-say': msg`Prefer not to say`,
};
const genderLabel = (g: string) => {
  const label = GENDERS[g];
  return label ? i18n._(label) : g.charAt(0).toUpperCase() + g.slice(1).replaceAll('-', ' ');
};

/** "Nov 3, 2026" in English (the spec's format), the page's own medium date otherwise. */
const memberSince = (d: string | Date) => {
  const lang = currentLanguage();
  return lang === 'en'
    ? formatMedium(d)
    : new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(d));
};

/** How the route shows a list of workouts (the workouts feature's list, composed in app/). */
export type RenderWorkouts = (workouts: PublicWorkout[], emptyText: string) => ReactNode;

/** What the viewer's own account holds, when the profile is theirs. */
export type OwnDetails = Pick<User, 'age' | 'gender' | 'showAgeGender'>;

function About({ user, own }: { user: PublicProfileData['user']; own: OwnDetails | null }) {
  const missing = (text: string) => <span className="text-muted-foreground">{text}</span>;
  // Others see "Not shared" for anything missing. On your own profile, a missing name was never
  // entered; a missing age or gender was never entered, or is hidden by your privacy setting.
  const notShared = missing(t`Not shared`);
  const nameMissing = own ? missing(t`Not set`) : notShared;
  const hiddenOr = (value: unknown) =>
    !own ? notShared : value === null ? missing(t`Not set`) : missing(t`Hidden from others`);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t`About`}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted-foreground">{t`Name`}</dt>
          <dd className="min-w-0 break-words font-medium">{user.fullName ?? nameMissing}</dd>
          <dt className="text-muted-foreground">{t`Age`}</dt>
          <dd className="font-medium">{user.age ?? hiddenOr(own?.age ?? null)}</dd>
          <dt className="text-muted-foreground">{t`Gender`}</dt>
          <dd className="font-medium">
            {user.gender ? genderLabel(user.gender) : hiddenOr(own?.gender ?? null)}
          </dd>
          <dt className="text-muted-foreground">{t`Member since`}</dt>
          <dd className="font-medium">{memberSince(user.createdAt)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

type ProfileClub = PublicProfileData['clubs'][number];

/** The member's public clubs, each a link to its page (docs/decisions/0182-public-clubs-on-profiles.md). */
function Clubs({ clubs }: { clubs: readonly ProfileClub[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t`Clubs`}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1" aria-label={t`Clubs`} data-testid="profile-clubs">
          {clubs.map((c) => {
            const members = c.memberCount;
            return (
              <li key={c.slug}>
                <Link
                  href={paths.club.getHref(c.slug)}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
                  <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
                    {plural(members, { one: '# member', other: '# members' })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

type ChallengeStats = PublicProfileData['stats'];

/**
 * Each open challenge with the member's stats in it, in catalogue order. A profile kept on the
 * device from before challenges existed has only `stats`, the push-up challenge's.
 */
function statsByChallenge(
  data: PublicProfileData,
): { challenge: OpenChallenge; stats: ChallengeStats }[] {
  const kept = data as Partial<PublicProfileData> & Pick<PublicProfileData, 'stats'>;
  const all =
    kept.challenges && kept.challenges.length > 0
      ? kept.challenges
      : [
          {
            ...data.stats,
            challenge: (data.stats as Partial<ChallengeStats>).challenge ?? DEFAULT_CHALLENGE,
          },
        ];
  return servedOpenChallenges().flatMap((challenge) => {
    const stats = all.find((s) => s.challenge === challenge.id);
    return stats ? [{ challenge, stats }] : [];
  });
}

/**
 * One challenge's stats in its unit. With one challenge open, the card is "Stats" as it always
 * was; with more, each open challenge has its card, with its latest sets under the figures.
 */
function Stats({
  challenge,
  stats,
  titled,
  recent,
}: {
  challenge: OpenChallenge;
  stats: ChallengeStats;
  titled: boolean;
  recent?: ReactNode;
}) {
  const { scoring } = challenge;
  const figures = statScores(stats);
  const id = titled ? `stats-${challenge.id}` : undefined;
  return (
    <Card aria-labelledby={id} data-testid={`public-stats-${challenge.id}`}>
      <CardHeader>
        <CardTitle id={id}>{titled ? sayShared(challenge.title) : t`Stats`}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
          <StatTile
            label={t`Personal Best`}
            value={scoreFigure(scoring, figures.best, figures.bestCapped)}
            // How far the best is proven (docs/decisions/0244-tiers-shown-and-reviewed.md); a profile
            // kept from before tiers were sent, or one without sets, has none.
            detail={stats.bestTier ? <TierBadge tier={stats.bestTier} /> : undefined}
          />
          <StatTile
            label={lastTileLabel(scoring)}
            value={scoreFigure(scoring, figures.last, figures.lastCapped)}
          />
          <StatTile label={t`Total Workouts`} value={formatCount(stats.totalWorkouts)} />
          <StatTile label={totalTileLabel(scoring)} value={totalFigure(scoring, figures.total)} />
        </dl>
        {recent}
      </CardContent>
    </Card>
  );
}

/** Under the name: the best of each challenge the member has sets in (the default one's always). */
function bestLine(rows: { challenge: OpenChallenge; stats: ChallengeStats }[]): string {
  const shown = rows.filter((r) => r.challenge.isDefault || r.stats.totalWorkouts > 0);
  const best = (r: (typeof shown)[number]) => {
    const f = statScores(r.stats);
    return formatScore(r.challenge.scoring, f.best, f.bestCapped);
  };
  const scores = shown.map(best).join(' · ');
  return t`Best: ${scores}`;
}

/** How many of a challenge's sets its card lists when several challenges are open. */
const RECENT_PER_CHALLENGE = 3;

function ProfileSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{t`Loading profile`}</span>
      <Skeleton className="h-24" />
      <Skeleton className="h-11" />
      <Skeleton className="h-48" />
    </div>
  );
}

/** A member's public profile: header, then Overview (about, stats, recent activity) and Workouts tabs. */
export function PublicProfile({
  username,
  viewerUsername,
  own = null,
  renderWorkouts,
  renderHeaderAction,
  renderOverview,
}: {
  username: string;
  viewerUsername: string | null;
  /** The viewer's own details when the profile is theirs. */
  own?: OwnDetails | null;
  renderWorkouts: RenderWorkouts;
  /** A control at the end of the header, given the member shown (the route's Report action). */
  renderHeaderAction?: (user: PublicProfileData['user']) => ReactNode;
  /** More of the Overview tab after About, given the member shown (the route's badges). */
  renderOverview?: (user: PublicProfileData['user']) => ReactNode;
}) {
  const query = usePublicProfile(username);
  const [tab, setTab] = useState('overview');
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) return <UserNotFound username={username} />;
  const { user, workouts } = query.data;
  const name = user.username;
  const isViewer = viewerUsername === name;
  const rows = statsByChallenge(query.data);
  const several = rows.length > 1;
  // A profile kept on the device from before clubs were listed has none.
  const clubs = (query.data as Partial<PublicProfileData>).clubs ?? [];
  return (
    <div className="grid gap-4">
      <header className="flex items-center gap-4">
        <UserAvatar src={user.profilePicture} name={t`${name}'s avatar`} className="size-20" />
        <div className="grid min-w-0 gap-1">
          <h1 className="flex min-w-0 items-center gap-2 text-2xl font-extrabold tracking-tight">
            {/* A long name ends in an ellipsis; the whole of it is in the title. */}
            <span className="truncate" title={user.username} data-testid="profile-username">
              {user.username}
            </span>
            {isViewer ? <Badge className="shrink-0">{t`You`}</Badge> : null}
          </h1>
          {user.fullName ? (
            <p className="truncate text-muted-foreground" title={user.fullName}>
              {user.fullName}
            </p>
          ) : null}
          {rows.length > 0 ? (
            <p className="text-sm text-muted-foreground">{bestLine(rows)}</p>
          ) : null}
          <FollowCounts followers={query.data.followers} following={query.data.following} />
          {/* Present for a signed-in viewer on someone else's profile (docs/product.md#following). */}
          {query.data.followedByYou !== undefined && !isViewer ? (
            <div>
              <FollowButton username={user.username} following={query.data.followedByYou} />
            </div>
          ) : null}
        </div>
        {renderHeaderAction ? (
          <div className="ml-auto shrink-0 self-start">{renderHeaderAction(user)}</div>
        ) : null}
      </header>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t`Profile sections`}>
          <TabsTrigger value="overview">{t`Overview`}</TabsTrigger>
          <TabsTrigger value="workouts">{t`Workouts`}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid items-start gap-4 lg:grid-cols-2">
          <About user={user} own={isViewer ? own : null} />
          {renderOverview?.(user)}
          {clubs.length > 0 ? <Clubs clubs={clubs} /> : null}
          {rows.map(({ challenge, stats }) => (
            <Stats
              key={challenge.id}
              challenge={challenge}
              stats={stats}
              titled={several}
              recent={
                several && stats.totalWorkouts > 0
                  ? renderWorkouts(
                      workouts
                        .filter((w) => w.challenge === challenge.id)
                        .slice(0, RECENT_PER_CHALLENGE),
                      t`No sets yet.`,
                    )
                  : undefined
              }
            />
          ))}
          <Card className="lg:col-span-2">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{t`Recent Activity`}</CardTitle>
                {workouts.length > 0 ? (
                  <Button variant="link" onClick={() => setTab('workouts')}>
                    {t`View all`}
                  </Button>
                ) : null}
              </div>
            </CardHeader>
            <CardContent>
              {renderWorkouts(workouts.slice(0, PUBLIC_RECENT_ACTIVITY), t`No workouts yet.`)}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="workouts">{renderWorkouts(workouts, t`No workouts yet.`)}</TabsContent>
      </Tabs>
    </div>
  );
}
