import { useParams } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { MemberAchievements } from '@/features/badges/components/achievements-card';
import { SetPageLink } from '@/features/feed/components/set-page-link';
import { ReportButton } from '@/features/reports/components/report-button';
import { PublicProfile } from '@/features/users/components/public-profile';
import { WorkoutList } from '@/features/workouts/components/workout-list';
import { useDocumentTitle } from '@/lib/use-document-title';

// Public (docs/product.md#public-and-personal-data): share links land here. The owner may also delete from their own list;
// another signed-in member may report the profile.
export default function PublicProfileRoute() {
  const { username = '' } = useParams<{ username: string }>();
  const { data: viewer } = useUser();
  useDocumentTitle(username);
  const viewerUsername = viewer?.username ?? null;
  // Usernames are unique without regard to case (docs/product.md#accounts).
  const isOwn = viewerUsername !== null && viewerUsername.toLowerCase() === username.toLowerCase();
  return (
    <PublicProfile
      // A new name starts on the Overview tab.
      key={username}
      username={username}
      viewerUsername={viewerUsername}
      own={isOwn ? viewer : null}
      renderHeaderAction={
        viewer && !isOwn
          ? (user) => (
              <ReportButton
                target={{ kind: 'member', username: user.username }}
                username={user.username}
              />
            )
          : undefined
      }
      renderOverview={(user) => <MemberAchievements username={user.username} />}
      renderWorkouts={(workouts, emptyText) => (
        <WorkoutList
          workouts={workouts}
          canDelete={isOwn}
          shareUsername={username}
          emptyText={emptyText}
          // Signed-in members reach a set's kudos and comments (docs/decisions/0248-kudos-and-comments.md).
          rowAction={
            viewer ? (w) => (w.hidden ? null : <SetPageLink workoutId={w.id} />) : undefined
          }
        />
      )}
    />
  );
}
