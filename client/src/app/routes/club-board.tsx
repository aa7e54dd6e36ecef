import { Tabs as TabsPrimitive } from 'radix-ui';
import { useLocation, useSearch } from 'wouter';
import { findEntry, hasVerifiedBoard, type OpenChallenge } from '@common/challenges';
import { LEADERBOARD_PERIODS, PERIOD_LABELS, type LeaderboardPeriod } from '@common/leaderboard';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { NativeSelect } from '@/components/ui/native-select';
import { TabsContent } from '@/components/ui/tabs';
import { useClubBoard } from '@/features/clubs/api/get-club-board';
import { BoardRowList, PeriodTabsList } from '@/features/leaderboard/components/board-list';
import { BoardSkeleton } from '@/features/leaderboard/components/board-skeleton';
import { LeaderboardFilters } from '@/features/leaderboard/components/leaderboard-filters';
import { useBoardState } from '@/features/leaderboard/hooks/use-board-state';
import {
  isFiltered,
  type BoardKind,
  type LeaderboardFilters as Filters,
} from '@/features/leaderboard/api/get-leaderboard';
import { defaultOpenChallenge, openChallengeById, servedOpenChallenges } from '@/lib/challenges';
import { viewerTimeZone } from '@/lib/time-zone';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

function Rows({
  slug,
  challenge,
  period,
  filters,
  kind,
  viewer,
}: {
  slug: string;
  challenge: OpenChallenge;
  period: LeaderboardPeriod;
  filters: Filters;
  kind: BoardKind;
  viewer: string | null;
}) {
  const board = useClubBoard(slug, period, viewerTimeZone(), challenge.id, {
    ...filters,
    verified: kind === 'verified',
  });
  if (board.isPending) return <BoardSkeleton rows={3} />;
  if (board.isError)
    return (
      <LoadError onRetry={() => void board.refetch()}>
        {t`Could not load the club's board. ${board.error.message}`}
      </LoadError>
    );
  const filtered = isFiltered(filters);
  const periodLabel = sayShared(PERIOD_LABELS[period])!;
  if (board.data.length === 0)
    return (
      <p className="py-8 text-center text-muted-foreground">
        {filtered
          ? t`Nobody in this group yet.`
          : t`No club member has a set in this period yet. Be the first!`}
      </p>
    );
  return (
    <>
      {filtered ? (
        <p className="text-sm text-muted-foreground">
          {t`Ranks are among all the club's members, not only this group.`}
        </p>
      ) : null}
      <BoardRowList
        rows={board.data}
        scoring={challenge.scoring}
        viewer={viewer}
        overall={filtered}
        label={t`${periodLabel} club leaderboard`}
      />
    </>
  );
}

/**
 * A club's board: the same periods, challenges, filters and Verified only as the main board,
 * ranking the club's members only. Period, filters and kind live in the address as on the main
 * board (use-board-state.ts); the challenge in `?challenge=`.
 */
export function ClubBoard({ slug, viewer }: { slug: string; viewer: string | null }) {
  const [{ period, filters, kind: asked }, setBoard] = useBoardState();
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const open = servedOpenChallenges();
  const challenge =
    openChallengeById(new URLSearchParams(search).get('challenge')) ?? defaultOpenChallenge()!;
  const verifiable = hasVerifiedBoard(challenge);
  const kind = verifiable ? asked : 'all';
  const chooseChallenge = (id: string) => {
    const params = new URLSearchParams(search);
    const chosen = findEntry(id, open);
    if (!chosen || chosen.isDefault) params.delete('challenge');
    else params.set('challenge', id);
    if (!chosen || !hasVerifiedBoard(chosen)) params.delete('verified');
    const query = params.toString();
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  };
  return (
    <TabsPrimitive.Root
      value={period}
      onValueChange={(v) => setBoard({ period: v as LeaderboardPeriod })}
      className="grid gap-4"
    >
      {open.length > 1 ? (
        <div className="grid gap-1.5">
          <Label htmlFor="club-board-challenge">{t`Challenge`}</Label>
          <NativeSelect
            id="club-board-challenge"
            value={challenge.id}
            onChange={(e) => chooseChallenge(e.target.value)}
          >
            {open.map((c) => (
              <option key={c.id} value={c.id}>
                {sayShared(c.title)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <PeriodTabsList />
      <LeaderboardFilters
        value={filters}
        onChange={(next) => setBoard({ filters: next })}
        kind={kind}
        onKindChange={verifiable ? (next) => setBoard({ kind: next }) : undefined}
      />
      {LEADERBOARD_PERIODS.map((p) => (
        <TabsContent key={p} value={p} className="mt-0">
          <Rows
            slug={slug}
            challenge={challenge}
            period={p}
            filters={filters}
            kind={kind}
            viewer={viewer}
          />
        </TabsContent>
      ))}
    </TabsPrimitive.Root>
  );
}
