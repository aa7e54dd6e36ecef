import { useParams } from 'wouter';
import { SetView } from '@/features/feed/components/set-view';
import { PaceChart } from '@/features/payoff/components/pace-chart';
import { ReportButton } from '@/features/reports/components/report-button';

/** /sets/:id: a set's own page, its kudos and comments. */
export default function SetRoute() {
  const { id } = useParams<{ id: string }>();
  const n = Number(id);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <SetView
        id={Number.isInteger(n) && n > 0 ? n : 0}
        paceChart={(pace, mine) => <PaceChart pace={pace} mine={mine} />}
        reportButton={(c) => (
          <ReportButton
            target={{ kind: 'comment', commentId: c.id }}
            username={c.author.username}
            compact
          />
        )}
      />
    </div>
  );
}
