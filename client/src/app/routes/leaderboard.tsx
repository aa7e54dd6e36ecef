import { useUser } from '@/features/auth/api/get-user';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';

// Public (docs/product.md#public-and-personal-data): a visitor sees the boards; a member also sees their own standing.
// The heading around it is in the first script (leaderboard-page.tsx).
export default function LeaderboardRoute() {
  const { data: user } = useUser();
  return (
    <Leaderboard
      viewerUsername={user?.username ?? null}
      viewerIsPrivate={user?.isPrivate ?? false}
    />
  );
}
