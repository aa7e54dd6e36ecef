import { Trophy } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The leaderboard's heading, in the first script: it shows (and is the page's largest paint)
 * while the board's code and data load, rather than after them. `children` is the board, lazy.
 * docs/decisions/0074-route-modulepreload.md
 */
export function LeaderboardPage({ children }: { children: ReactNode }) {
  useDocumentTitle('Leaderboard');
  return (
    <section aria-labelledby="leaderboard-title" className="grid gap-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 id="leaderboard-title" className="text-2xl font-extrabold tracking-tight">
            Leaderboard
          </h1>
          <p className="text-sm text-muted-foreground">Best 90-second set per person</p>
        </div>
      </div>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </section>
  );
}
