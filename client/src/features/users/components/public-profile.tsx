import { useState, type ReactNode } from 'react';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMedium } from '@/lib/medium-date';
import { usePublicProfile } from '../api/get-public-profile';
import { UserNotFound } from './user-not-found';

const genderLabel = (g: string) => g.charAt(0).toUpperCase() + g.slice(1).replaceAll('-', ' ');

/** How the route shows a list of workouts (the workouts feature's list, composed in app/). */
export type RenderWorkouts = (workouts: PublicWorkout[], emptyText: string) => ReactNode;

/** What the viewer's own account holds, when the profile is theirs. */
export type OwnDetails = Pick<User, 'age' | 'gender' | 'showAgeGender'>;

function About({ user, own }: { user: PublicProfileData['user']; own: OwnDetails | null }) {
  const missing = (text: string) => <span className="text-muted-foreground">{text}</span>;
  // Others see "Not shared" for anything missing. On your own profile, a missing name was never
  // entered; a missing age or gender was never entered, or is hidden by your privacy setting.
  const notShared = missing('Not shared');
  const nameMissing = own ? missing('Not set') : notShared;
  const hiddenOr = (value: unknown) =>
    !own ? notShared : value === null ? missing('Not set') : missing('Hidden from others');
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="min-w-0 break-words font-medium">{user.fullName ?? nameMissing}</dd>
          <dt className="text-muted-foreground">Age</dt>
          <dd className="font-medium">{user.age ?? hiddenOr(own?.age ?? null)}</dd>
          <dt className="text-muted-foreground">Gender</dt>
          <dd className="font-medium">
            {user.gender ? genderLabel(user.gender) : hiddenOr(own?.gender ?? null)}
          </dd>
          <dt className="text-muted-foreground">Member since</dt>
          <dd className="font-medium">{formatMedium(user.createdAt)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

function Stats({ stats }: { stats: PublicProfileData['stats'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
          <StatTile label="Personal Best" value={stats.bestPushups} />
          <StatTile label="Last Count" value={stats.lastPushups} />
          <StatTile label="Total Workouts" value={stats.totalWorkouts} />
          <StatTile label="Total Push-ups" value={stats.totalPushups} />
        </dl>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading profile</span>
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
}: {
  username: string;
  viewerUsername: string | null;
  /** The viewer's own details when the profile is theirs. */
  own?: OwnDetails | null;
  renderWorkouts: RenderWorkouts;
}) {
  const query = usePublicProfile(username);
  const [tab, setTab] = useState('overview');
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) return <UserNotFound username={username} />;
  const { user, stats, workouts } = query.data;
  const isViewer = viewerUsername === user.username;
  return (
    <div className="grid gap-4">
      <header className="flex items-center gap-4">
        <UserAvatar
          src={user.profilePicture}
          name={`${user.username}'s avatar`}
          className="size-20"
        />
        <div className="grid min-w-0 gap-1">
          <h1 className="flex min-w-0 items-center gap-2 text-2xl font-extrabold tracking-tight">
            {/* A long name ends in an ellipsis; the whole of it is in the title. */}
            <span className="truncate" title={user.username} data-testid="profile-username">
              {user.username}
            </span>
            {isViewer ? <Badge className="shrink-0">You</Badge> : null}
          </h1>
          {user.fullName ? (
            <p className="truncate text-muted-foreground" title={user.fullName}>
              {user.fullName}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">Best: {stats.bestPushups} push-ups</p>
        </div>
      </header>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="workouts">Workouts</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid items-start gap-4 lg:grid-cols-2">
          <About user={user} own={isViewer ? own : null} />
          <Stats stats={stats} />
          <Card className="lg:col-span-2">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>Recent Activity</CardTitle>
                {workouts.length > 0 ? (
                  <Button variant="link" onClick={() => setTab('workouts')}>
                    View all
                  </Button>
                ) : null}
              </div>
            </CardHeader>
            <CardContent>
              {renderWorkouts(workouts.slice(0, PUBLIC_RECENT_ACTIVITY), 'No workouts yet.')}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="workouts">{renderWorkouts(workouts, 'No workouts yet.')}</TabsContent>
      </Tabs>
    </div>
  );
}
