import { useParams } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/ui/load-error';
import { MissingPanel } from '@/components/ui/missing-panel';
import { paths } from '@/config/paths';
import { usePlan } from '@/features/plans/api/get-plan';
import { PlanView } from '@/features/plans/components/plan-view';
import { ApiError } from '@/lib/api-client';
import { openChallengeById } from '@/lib/challenges';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';

// A plan's page: its calendar, today's session or re-test, pause, resume, restart, stop
// (docs/decisions/0228-a-plans-calendar.md).
export default function PlanRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const planId = /^[0-9]{1,9}$/.test(id) ? Number(id) : 0;
  const plan = usePlan(planId);
  useDocumentTitle(t`Your plan`);
  const challenge = plan.data ? openChallengeById(plan.data.challenge) : undefined;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4">
      {plan.isPending ? (
        <>
          <h1 id="plan-title" className="sr-only">
            {t`Your plan`}
          </h1>
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </>
      ) : plan.isError ? (
        plan.error instanceof ApiError && plan.error.status < 500 ? (
          <MissingPanel
            title={t`No such plan`}
            backHref={paths.catalogue.getHref()}
            backLabel={t`All challenges`}
          >
            {t`This plan is not one of yours, or it no longer exists.`}
          </MissingPanel>
        ) : (
          <>
            <h1 id="plan-title" className="text-2xl font-extrabold">
              {t`Your plan`}
            </h1>
            <LoadError onRetry={() => void plan.refetch()}>
              {t`Could not load your plan. ${plan.error.message}`}
            </LoadError>
          </>
        )
      ) : !challenge ? (
        <MissingPanel
          title={t`This challenge is closed`}
          backHref={paths.catalogue.getHref()}
          backLabel={t`All challenges`}
        >
          {t`The challenge of this plan is not open on this server.`}
        </MissingPanel>
      ) : (
        <PlanView plan={plan.data} challenge={challenge} />
      )}
    </div>
  );
}
