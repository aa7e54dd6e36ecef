import { Trophy } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { hasVerifiedBoard, type OpenChallenge } from '@common/challenges';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { boardChallenge, servedOpenChallenges } from '@/lib/challenges';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

/** What a board ranks: "Best 90-second set per person", "Longest hold per person". */
export function boardRanks(challenge: OpenChallenge): string {
  const { timer } = challenge;
  if (timer.mode === 'stopwatch') return t`Longest hold per person`;
  if (timer.mode === 'for-time')
    return t`Fastest finish per person (lower time is better), then most reps at the cap`;
  if (timer.mode === 'rounds') return t`Most rounds and reps per person`;
  const minutes = timer.seconds / 60;
  const seconds = timer.seconds;
  return timer.seconds % 60 === 0
    ? t`Best ${minutes}-minute set per person`
    : t`Best ${seconds}-second set per person`;
}

/** `c`'s board with the same period and filters (the Verified kind where `c` has that board). */
function boardHref(c: OpenChallenge, search: string) {
  const params = new URLSearchParams(search);
  if (!hasVerifiedBoard(c)) params.delete('verified');
  const query = params.toString();
  return `${paths.leaderboard.getHref(c.id)}${query ? `?${query}` : ''}`;
}

/** With more than one challenge open, links to each one's board. */
function BoardSwitcher({ current }: { current: OpenChallenge }) {
  const search = useSearch();
  const open = servedOpenChallenges();
  if (open.length < 2) return null;
  return (
    <nav aria-label={t`Challenge boards`}>
      {/* One row on a phone, scrolled sideways, so that the board's entries lead (docs/decisions/0199-board-entries-lead.md). */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {open.map((c) => (
          <li key={c.id} className="shrink-0">
            <Link
              href={boardHref(c, search)}
              aria-current={c.id === current.id ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-border px-4 text-sm font-semibold',
                c.id === current.id
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-card hover:bg-muted',
              )}
            >
              {sayShared(c.title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The leaderboard's heading: it shows (and is the page's largest paint) while the board's code
 * and data load, rather than after them. `children` is the board, lazy. A chunk of its own that
 * imports only the first script's modules, which the server preloads on a board's address, so it
 * paints right after the first script without its code in every page's
 * (docs/decisions/0074-route-modulepreload.md, 0310-the-first-script-trimmed.md).
 */
export function LeaderboardPage({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const challenge = boardChallenge(pathname);
  // The default challenge's board keeps the specification's plain title.
  const plain = !challenge || challenge.isDefault === true;
  const title = challenge ? sayShared(challenge.title)! : '';
  useDocumentTitle(plain ? t`Leaderboard` : t`${title} leaderboard`);
  return (
    <section aria-labelledby="leaderboard-title" className="grid gap-2 sm:gap-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 id="leaderboard-title" className="text-2xl font-extrabold tracking-tight">
            {t`Leaderboard`}
          </h1>
          <p className="text-sm text-muted-foreground">
            {challenge ? (plain ? '' : `${title} · `) + boardRanks(challenge) : null}
          </p>
        </div>
      </div>
      {challenge ? <BoardSwitcher current={challenge} /> : null}
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </section>
  );
}
