import { t } from '@lingui/core/macro';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import type { Scoring } from '@common/challenges';
import { LEADERBOARD_PERIODS } from '@common/leaderboard';
import type { LeaderboardEntry } from '@common/schemas/leaderboard';
import { TabsList } from '@/components/ui/tabs';
import { periodLabel } from '../utils/board-words';
import { LeaderboardRow, WatchProof } from './leaderboard-row';

// The board's pieces, shared by the leaderboard (leaderboard.tsx) and every board drawn from the
// same entries elsewhere (a club's, composed in client/src/app/routes/club-board.tsx).

/** The period tabs (Today, This Week, ...), inside a radix Tabs root whose value is the period. */
export function PeriodTabsList() {
  return (
    <TabsList aria-label={t`Period`}>
      {LEADERBOARD_PERIODS.map((p) => (
        <TabsPrimitive.Trigger
          key={p}
          value={p}
          className="inline-flex min-h-9 flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-lg px-1 py-1.5 text-xs font-semibold transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-sm sm:px-3 sm:text-sm"
        >
          {periodLabel(p)}
        </TabsPrimitive.Trigger>
      ))}
    </TabsList>
  );
}

/**
 * The ranked rows: each a link to the member's profile, with Watch proof beside a set with a clip;
 * `note` under a row's name, `action` beside a row that is not the viewer's (the route's slots).
 */
export function BoardRowList({
  rows,
  scoring,
  viewer,
  overall,
  label,
  note,
  action,
}: {
  rows: readonly LeaderboardEntry[];
  scoring: Scoring;
  viewer: string | null;
  /** A filtered board: each rank is still among everyone on the board. */
  overall: boolean;
  /** The list's accessible name ("Today leaderboard"). */
  label: string;
  note?: (entry: LeaderboardEntry) => ReactNode;
  action?: (entry: LeaderboardEntry) => ReactNode;
}) {
  return (
    <ol className="grid gap-1" aria-label={label}>
      {rows.map((entry) => (
        <li key={entry.username} className="flex items-center gap-1">
          <div className="min-w-0 flex-1">
            <LeaderboardRow
              entry={entry}
              scoring={scoring}
              isViewer={entry.username === viewer}
              overall={overall}
              note={note?.(entry)}
              action={entry.username === viewer ? undefined : action?.(entry)}
            />
          </div>
          {entry.hasClip ? <WatchProof entry={entry} scoring={scoring} /> : null}
        </li>
      ))}
    </ol>
  );
}
