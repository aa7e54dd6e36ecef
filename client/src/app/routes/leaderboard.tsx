import { useLocation } from 'wouter';
import { useUser } from '@/features/auth/api/get-user';
import { useMyClubs } from '@/features/clubs/api/list-clubs';
import { EVERYONE, type BoardScope } from '@/features/leaderboard/api/leaderboard-path';
import {
  hasVerifiedBoard,
  Leaderboard,
  viewerScopes,
} from '@/features/leaderboard/components/leaderboard';
import { useAwaitingReview } from '@/features/moderation/api/get-awaiting-review';
import { AwaitingReviewMark } from '@/features/moderation/components/awaiting-review-mark';
import { ReportButton } from '@/features/reports/components/report-button';
import { boardChallenge } from './leaderboard-page';

// Public (docs/product.md#public-and-personal-data): a visitor sees the boards; a member also sees their own standing
// and can report another's entry; a moderator sees which top sets of the verified board await review.
// The heading around it is in the first script (leaderboard-page.tsx). The address names the
// challenge (/plank-drop/leaderboard); /leaderboard is the push-up board.
export default function LeaderboardRoute() {
  const [pathname] = useLocation();
  const { data: user } = useUser();
  const challenge = boardChallenge(pathname);
  const awaiting = useAwaitingReview(challenge?.id ?? '', {
    enabled: Boolean(user?.isModerator && challenge && hasVerifiedBoard(challenge)),
  });
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
      rowNote={(entry, kind) =>
        kind === 'verified' && awaiting.data?.has(entry.id) ? <AwaitingReviewMark /> : null
      }
    />
  );
}
