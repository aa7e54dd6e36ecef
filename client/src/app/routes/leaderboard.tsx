import { useLocation } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { useMyClubs } from '@/features/clubs/api/list-clubs';
import { EVERYONE, type BoardScope } from '@/features/leaderboard/api/leaderboard-path';
import { Leaderboard, viewerScopes } from '@/features/leaderboard/components/leaderboard';
import { ReportButton } from '@/features/reports/components/report-button';
import { boardChallenge } from '@/lib/challenges';

// Public (docs/product.md#public-and-personal-data): a visitor sees the boards; a member also sees their own standing
// and can report another's entry. Each row shows its tier, and a Verified board's unreviewed top
// three "Awaiting review" (docs/decisions/0244-tiers-shown-and-reviewed.md).
// The heading around it is leaderboard-page.tsx, loaded apart (app/router.tsx). The address names the
// challenge (/plank-drop/leaderboard); /leaderboard is the push-up board.
export default function LeaderboardRoute() {
  const [pathname] = useLocation();
  const { data: user } = useUser();
  const challenge = boardChallenge(pathname);
  const clubs = useMyClubs({ enabled: Boolean(user) });
  if (!challenge) return null;
  // Everyone, Following, then each of the member's clubs (docs/decisions/0176-club-boards-on-the-board.md).
  const scopes: BoardScope[] = user
    ? [
        ...viewerScopes(true),
        ...(clubs.data ?? []).map((c) => ({ kind: 'club' as const, slug: c.slug, name: c.name })),
      ]
    : [EVERYONE];
  return (
    <Leaderboard
      // Another challenge's board starts from its own data, not the previous board's rows.
      key={challenge.id}
      challenge={challenge}
      viewerUsername={user?.username ?? null}
      viewerIsPrivate={user?.isPrivate ?? false}
      scopes={scopes}
      rowAction={
        user
          ? (entry) => (
              <ReportButton
                compact
                target={{ kind: 'workout', workoutId: entry.id }}
                username={entry.username}
              />
            )
          : undefined
      }
    />
  );
}
