import { select, t } from '@lingui/core/macro';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { hasVerifiedBoard, type OpenChallenge } from '@common/challenges';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@common/leaderboard';
import { Button } from '@/components/ui/button';
import { viewerTimeZone } from '@/lib/time-zone';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import {
  EVERYONE,
  isFiltered,
  type BoardKind,
  type BoardScope,
  type LeaderboardFilters as Filters,
} from '../api/get-leaderboard';
import { scopeKey } from '../api/leaderboard-path';
import { useMyStanding } from '../api/get-my-standing';
import { useBoardRows } from '../hooks/use-board-rows';
import { useBoardState } from '../hooks/use-board-state';
import { BoardScopeSelector } from './board-scope-selector';
import { BoardSkeleton, emptyBoardText } from './board-skeleton';
import { LeaderboardFilters } from './leaderboard-filters';
import { BoardRowList, PeriodTabsList } from './board-list';
import { RankBadge } from './leaderboard-row';
import { paths } from '@/config/paths';
import { scoredOf } from '@/lib/score-figure';
import { periodLabel } from '../utils/board-words';
import { nothingYet } from '../utils/nothing-yet';
import { scoreParts } from '../utils/score';

/** What the Following board says when it has no one on it (docs/product.md#following). */
export const emptyFollowingText = () => t`Follow members from their profile to see them here.`;
/** Where the Follow button is, for a member whose Following board holds no one else. */
export const howToFollowText = () =>
  t`Tap a name on the Everyone board to open their profile, then press Follow.`;

/** The hint under a Following board that holds nobody but the viewer. */
function HowToFollow({ onEveryone }: { onEveryone: () => void }) {
  return (
    <div
      className="mt-3 grid justify-items-center gap-2 rounded-xl border border-dashed border-border px-4 py-5 text-center text-sm"
      data-testid="board-how-to-follow"
    >
      <p>
        <span className="block font-semibold">{emptyFollowingText()}</span>
        <span className="block text-muted-foreground">{howToFollowText()}</span>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onEveryone}>
        {t`See the Everyone board`}
      </Button>
    </div>
  );
}

/** The scopes a viewer may choose: a visitor has everyone's board only. */
export const viewerScopes = (signedIn: boolean): BoardScope[] =>
  signedIn ? [EVERYONE, { kind: 'following' }] : [EVERYONE];

/** Whether the challenge's board has a Verified kind: its entry declares it (common/challenges.ts). */
export { hasVerifiedBoard };

/** The pinned standing's line under "You": "Your rank · This Week · following · verified". */
function standingLine(period: LeaderboardPeriod, scope: BoardScope, kind: BoardKind): string {
  return [
    t`Your rank`,
    periodLabel(period),
    scope.kind === 'following' ? t`following` : scope.kind === 'club' ? scope.name : null,
    kind === 'verified' ? t`verified` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The viewer's standing, pinned under the list when their own row is not among those shown. */
function PinnedStanding({
  challenge,
  period,
  tz,
  kind,
  scope,
  isPrivate,
}: {
  challenge: OpenChallenge;
  period: LeaderboardPeriod;
  tz: string;
  kind: BoardKind;
  scope: BoardScope;
  /** A private member is on no board others see: say so beside their standing. */
  isPrivate: boolean;
}) {
  const me = useMyStanding(period, tz, { enabled: true, kind, challenge: challenge.id, scope });
  if (me.isPending || me.isError) return null;
  return (
    <section
      aria-label={t`Your standing`}
      className="mt-3 flex min-h-16 items-center gap-3 rounded-xl border border-accent-border bg-accent px-3 py-2 shadow-md"
    >
      {me.data ? (
        <>
          <RankBadge rank={me.data.rank} />
          <span className="flex-1">
            <span className="block font-semibold">{t`You`}</span>
            <span className="text-xs text-muted-foreground">
              {standingLine(period, scope, kind)}
            </span>
            {isPrivate ? (
              <span className="block text-xs font-semibold text-accent-foreground">
                {t`Only you can see this`}
              </span>
            ) : null}
          </span>
          <span className="flex flex-col items-end leading-tight">
            <span className="text-xl font-extrabold tabular-nums text-primary">
              {
                scoreParts(challenge.scoring, scoredOf(me.data).score, scoredOf(me.data).capped)
                  .value
              }
            </span>
            <span className="text-xs text-muted-foreground">{t`your best`}</span>
          </span>
        </>
      ) : (
        <p className="flex-1 text-sm">
          {nothingYet(challenge, period, kind)}{' '}
          <Link
            href={paths.timer.getHref(challenge.id)}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {t`Start the timer`}
          </Link>
        </p>
      )}
    </section>
  );
}

function Board({
  challenge,
  period,
  filters,
  kind,
  scope,
  viewer,
  viewerIsPrivate,
  rowAction,
  rowNote,
  onEveryone,
}: {
  challenge: OpenChallenge;
  period: LeaderboardPeriod;
  filters: Filters;
  kind: BoardKind;
  scope: BoardScope;
  viewer: string | null;
  viewerIsPrivate: boolean;
  rowAction?: RowAction;
  rowNote?: RowAction;
  /** Switches to everyone's board (the Following board's hint). */
  onEveryone: () => void;
}) {
  const tz = viewerTimeZone();
  const { rows, periodHasEntries, isPending, error, refetch } = useBoardRows(
    period,
    tz,
    filters,
    kind,
    challenge.id,
    scope,
  );
  const following = scope.kind === 'following';
  if (isPending) return <BoardSkeleton />;
  if (error || !rows) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
        <p>
          {t`Could not load the leaderboard.`} {error?.message}
        </p>
        <Button variant="outline" onClick={refetch}>
          {t`Try again`}
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
          {select(period, {
            today: 'Nobody in this group yet today.',
            week: 'Nobody in this group yet this week.',
            month: 'Nobody in this group yet this month.',
            other: 'Nobody in this group yet.',
          })}
          <span className="block text-sm">{t`Try another age group or gender.`}</span>
        </p>
      ) : rows.length === 0 && following ? (
        <div
          className="grid justify-items-center gap-3 py-10 text-center text-muted-foreground"
          data-testid="board-empty-following"
        >
          <p>
            {emptyFollowingText()}
            <span className="block text-sm">{howToFollowText()}</span>
            <span className="block text-sm">
              {select(period, {
                today: 'Your own best shows here too once you log a set today.',
                week: 'Your own best shows here too once you log a set this week.',
                month: 'Your own best shows here too once you log a set this month.',
                other: 'Your own best shows here too once you log a set.',
              })}
            </span>
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onEveryone}>
            {t`See the Everyone board`}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">
          {emptyBoardText()}
          {kind === 'verified' ? (
            <span className="block text-sm">
              {t`Only workouts counted by camera are shown. Choose Count with camera on the timer.`}
            </span>
          ) : null}
        </p>
      ) : (
        <>
          {filtered ? (
            <p className="text-sm text-muted-foreground" data-testid="board-overall-note">
              {overallNote(period, scope, kind)}
            </p>
          ) : null}
          <BoardRowList
            rows={rows}
            scoring={challenge.scoring}
            viewer={viewer}
            overall={filtered}
            label={boardLabel(period)}
            note={rowNote ? (entry) => rowNote(entry, kind) : undefined}
            action={rowAction ? (entry) => rowAction(entry, kind) : undefined}
          />
          {/* Only the viewer on their Following board: nobody followed yet (or no one followed has a set). */}
          {following && !filtered && rows.every((r) => r.username === viewer) ? (
            <HowToFollow onEveryone={onEveryone} />
          ) : null}
        </>
      )}
      {viewer !== null && !viewerShown ? (
        <PinnedStanding
          challenge={challenge}
          period={period}
          tz={tz}
          kind={kind}
          scope={scope}
          isPrivate={viewerIsPrivate}
        />
      ) : null}
    </>
  );
}

/** The list's accessible name: "Today leaderboard". */
const boardLabel = (period: LeaderboardPeriod) =>
  select(period, {
    today: 'Today leaderboard',
    week: 'This Week leaderboard',
    month: 'This Month leaderboard',
    other: 'All Time leaderboard',
  });

/** Why a filtered board's ranks skip places: "each place is among everyone this week, ...". */
function overallNote(period: LeaderboardPeriod, scope: BoardScope, kind: BoardKind): string {
  const verified = kind === 'verified';
  const club = scope.kind === 'club' ? scope.name : '';
  // Whom the ranks are among, as the sentence's object.
  const among =
    scope.kind === 'following'
      ? verified
        ? t`you and the people you follow counted by camera`
        : t`you and the people you follow`
      : scope.kind === 'club'
        ? verified
          ? t`the members of ${club} counted by camera`
          : t`the members of ${club}`
        : verified
          ? t`everyone counted by camera`
          : t`everyone`;
  return select(period, {
    today: `Ranks are overall: each place is among ${among} today, not only this group.`,
    week: `Ranks are overall: each place is among ${among} this week, not only this group.`,
    month: `Ranks are overall: each place is among ${among} this month, not only this group.`,
    other: `Ranks are overall: each place is among ${among}, not only this group.`,
  });
}

/**
 * What the route adds to a row: `rowAction` beside each row that is not the viewer's (Report),
 * `rowNote` under any row's name (a moderator's "Awaiting review").
 */
export type RowAction = (entry: LeaderboardEntry, kind: BoardKind) => ReactNode;

/** The full board: period tabs, age and gender filters, rows, and the viewer's pinned standing. */
export function Leaderboard({
  challenge,
  viewerUsername,
  viewerIsPrivate = false,
  rowAction,
  rowNote,
  scopes = viewerScopes(viewerUsername !== null),
}: {
  /** Whose board: the address's challenge (app/routes/leaderboard.tsx). */
  challenge: OpenChallenge;
  viewerUsername: string | null;
  viewerIsPrivate?: boolean;
  rowAction?: RowAction;
  rowNote?: RowAction;
  /** The scopes on the selector (viewerScopes: Everyone, and Following for a member). */
  scopes?: readonly BoardScope[];
}) {
  // In the address, so a reload, Back and a shared link keep the board (use-board-state.ts).
  const [{ period, filters, kind: asked, scope: askedScope }, setBoard] = useBoardState();
  const verifiable = hasVerifiedBoard(challenge);
  // `?verified=1` on a board without camera counts asks for nothing: the whole board shows.
  const kind = verifiable ? asked : 'all';
  // A scope the viewer does not have (a visitor's `?scope=following`) shows everyone's board.
  const scope = scopes.find((s) => scopeKey(s) === scopeKey(askedScope)) ?? EVERYONE;
  return (
    <TabsPrimitive.Root
      value={period}
      onValueChange={(v) => setBoard({ period: v as LeaderboardPeriod })}
      // Tight on a phone, so that the entries start in the first half of the screen
      // (docs/decisions/0199-board-entries-lead.md).
      className="grid gap-2 sm:gap-4"
    >
      <PeriodTabsList />
      <LeaderboardFilters
        value={filters}
        onChange={(next) => setBoard({ filters: next })}
        kind={kind}
        onKindChange={verifiable ? (next) => setBoard({ kind: next }) : undefined}
        leading={
          scopes.length > 1 ? (
            <BoardScopeSelector
              scopes={scopes}
              value={scope}
              onChange={(next) => setBoard({ scope: next })}
            />
          ) : null
        }
      />
      {LEADERBOARD_PERIODS.map((p) => (
        // Not the shared TabsContent: its top margin would push the entries down a phone's screen.
        <TabsPrimitive.Content key={p} value={p} className="focus-visible:outline-none">
          <Board
            challenge={challenge}
            period={p}
            filters={filters}
            kind={kind}
            scope={scope}
            viewer={viewerUsername}
            viewerIsPrivate={viewerIsPrivate}
            rowAction={rowAction}
            rowNote={rowNote}
            onEveryone={() => setBoard({ scope: EVERYONE })}
          />
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
