import { Tabs as TabsPrimitive } from 'radix-ui';
import { Link } from 'wouter';
import {
  LEADERBOARD_PERIODS,
  PERIOD_LABELS,
  type LeaderboardPeriod,
} from '@common/leaderboard';
import { Button } from '@/components/ui/button';
import { TabsContent, TabsList } from '@/components/ui/tabs';
import { viewerTimeZone } from '@/lib/time-zone';
import { isFiltered, type BoardKind, type LeaderboardFilters as Filters } from '../api/get-leaderboard';
import { useMyStanding } from '../api/get-my-standing';
import { useBoardRows } from '../hooks/use-board-rows';
import { useBoardState } from '../hooks/use-board-state';
import { BoardSkeleton, EMPTY_BOARD_TEXT } from './board-skeleton';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardRow, RankBadge } from './leaderboard-row';
import { paths } from '@/config/paths';

/** The viewer's standing, pinned under the list when their own row is not among those shown. */
function PinnedStanding({
  period,
  tz,
  kind,
  isPrivate,
}: {
  period: LeaderboardPeriod;
  tz: string;
  kind: BoardKind;
  /** A private member is on no board others see: say so beside their standing. */
  isPrivate: boolean;
}) {
  const me = useMyStanding(period, tz, { enabled: true, kind });
  if (me.isPending || me.isError) return null;
  return (
    <section
      aria-label="Your standing"
      className="mt-3 flex min-h-16 items-center gap-3 rounded-xl border border-accent-border bg-accent px-3 py-2 shadow-md"
    >
      {me.data ? (
        <>
          <RankBadge rank={me.data.rank} />
          <span className="flex-1">
            <span className="block font-semibold">You</span>
            <span className="text-xs text-muted-foreground">
              Your rank · {PERIOD_LABELS[period]}
              {kind === 'verified' ? ' · verified' : ''}
            </span>
            {isPrivate ? (
              <span className="block text-xs font-semibold text-accent-foreground">
                Only you can see this
              </span>
            ) : null}
          </span>
          <span className="flex flex-col items-end leading-tight">
            <span className="text-xl font-extrabold tabular-nums text-primary">
              {me.data.pushups}
            </span>
            <span className="text-xs text-muted-foreground">your best</span>
          </span>
        </>
      ) : (
        <p className="flex-1 text-sm">
          {kind === 'verified'
            ? period === 'all_time'
              ? 'You have no push-ups counted by camera yet.'
              : `You have no push-ups counted by camera ${PERIOD_LABELS[period].toLowerCase()} yet.`
            : period === 'all_time'
              ? 'You have not logged any push-ups yet.'
              : `You have not logged push-ups ${PERIOD_LABELS[period].toLowerCase()} yet.`}{' '}
          <Link
            href={paths.timer.getHref()}
            className="font-semibold text-primary underline underline-offset-4"
          >
            Start the timer
          </Link>
        </p>
      )}
    </section>
  );
}

/** "this week", "today": how a sentence names the period ('' for all time). */
const PERIOD_IN_SENTENCE: Record<LeaderboardPeriod, string> = {
  today: ' today',
  week: ' this week',
  month: ' this month',
  all_time: '',
};

function Board({
  period,
  filters,
  kind,
  viewer,
  viewerIsPrivate,
}: {
  period: LeaderboardPeriod;
  filters: Filters;
  kind: BoardKind;
  viewer: string | null;
  viewerIsPrivate: boolean;
}) {
  const tz = viewerTimeZone();
  const { rows, periodHasEntries, isPending, error, refetch } = useBoardRows(
    period,
    tz,
    filters,
    kind,
  );
  if (isPending) return <BoardSkeleton />;
  if (error || !rows) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>Could not load the leaderboard. {error?.message}</p>
        <Button variant="outline" onClick={refetch}>
          Try again
        </Button>
      </div>
    );
  }
  const viewerShown = viewer !== null && rows.some((r) => r.username === viewer);
  const filtered = isFiltered(filters);
  return (
    <>
      {rows.length === 0 && filtered && periodHasEntries ? (
        // The period has entries, only not from this group: the spec's "be the first" would mislead.
        <p className="py-10 text-center text-muted-foreground" data-testid="board-empty-group">
          Nobody in this group yet{PERIOD_IN_SENTENCE[period]}.
          <span className="block text-sm">Try another age group or gender.</span>
        </p>
      ) : rows.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">
          {EMPTY_BOARD_TEXT}
          {kind === 'verified' ? (
            <span className="block text-sm">
              Only workouts counted by camera are shown. Choose Count with camera on the timer.
            </span>
          ) : null}
        </p>
      ) : (
        <>
          {filtered ? (
            <p className="text-sm text-muted-foreground" data-testid="board-overall-note">
              Ranks are overall: each place is among everyone
              {kind === 'verified' ? ' counted by camera' : ''}
              {PERIOD_IN_SENTENCE[period]}, not only this group.
            </p>
          ) : null}
          <ol className="grid gap-1" aria-label={`${PERIOD_LABELS[period]} leaderboard`}>
            {rows.map((entry) => (
              <li key={entry.username}>
                <LeaderboardRow
                  entry={entry}
                  isViewer={entry.username === viewer}
                  overall={filtered}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      {viewer !== null && !viewerShown ? (
        <PinnedStanding period={period} tz={tz} kind={kind} isPrivate={viewerIsPrivate} />
      ) : null}
    </>
  );
}

/** The full board: period tabs, age and gender filters, rows, and the viewer's pinned standing. */
export function Leaderboard({
  viewerUsername,
  viewerIsPrivate = false,
}: {
  viewerUsername: string | null;
  viewerIsPrivate?: boolean;
}) {
  // In the address, so a reload, Back and a shared link keep the board (use-board-state.ts).
  const [{ period, filters, kind }, setBoard] = useBoardState();
  return (
    <TabsPrimitive.Root
      value={period}
      onValueChange={(v) => setBoard({ period: v as LeaderboardPeriod })}
      className="grid gap-4"
    >
      <TabsList aria-label="Period">
        {LEADERBOARD_PERIODS.map((p) => (
          <TabsPrimitive.Trigger
            key={p}
            value={p}
            className="inline-flex min-h-10 flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-lg px-1 py-1.5 text-xs font-semibold transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:px-3 sm:text-sm"
          >
            {PERIOD_LABELS[p]}
          </TabsPrimitive.Trigger>
        ))}
      </TabsList>
      <LeaderboardFilters
        value={filters}
        onChange={(next) => setBoard({ filters: next })}
        kind={kind}
        onKindChange={(next) => setBoard({ kind: next })}
      />
      {LEADERBOARD_PERIODS.map((p) => (
        <TabsContent key={p} value={p} className="mt-0">
          <Board
            period={p}
            filters={filters}
            kind={kind}
            viewer={viewerUsername}
            viewerIsPrivate={viewerIsPrivate}
          />
        </TabsContent>
      ))}
    </TabsPrimitive.Root>
  );
}
