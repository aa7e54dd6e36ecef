import { Trophy } from 'lucide-react';
import { useUser } from '@/features/auth/api/get-user';
import { Leaderboard } from '@/features/leaderboard/components/leaderboard';

// Public (decision 3): a visitor sees the boards; a member also sees their own standing.
export default function LeaderboardRoute() {
  const { data: user } = useUser();
  return (
    <section aria-labelledby="leaderboard-title" className="grid gap-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-emerald-800">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 id="leaderboard-title" className="text-2xl font-extrabold tracking-tight">
            Leaderboard
          </h1>
          <p className="text-sm text-muted-foreground">Best 90-second set per person</p>
        </div>
      </div>
      <Leaderboard
        viewerUsername={user?.username ?? null}
        viewerIsPrivate={user?.isPrivate ?? false}
      />
    </section>
  );
}
