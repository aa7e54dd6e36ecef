import { t } from '@lingui/core/macro';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { OpenChallenge } from '@common/challenges';
import { allowsPlan } from '@common/plans';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLinkRetest } from '../api/link-retest';
import { usePlans } from '../api/list-plans';
import { StartPlanDialog } from './start-plan-dialog';

/**
 * Workout Saved's plan line. A re-test run (`planId`, from the timer's `?plan=`) is linked to its
 * plan once, which re-places what follows; any other test set offers "Start a plan", or the open
 * plan of the challenge.
 */
export function PlanAfterSave({
  challenge,
  workoutId,
  planId,
}: {
  challenge: OpenChallenge;
  workoutId: number;
  planId: number | null;
}) {
  const [, navigate] = useLocation();
  const plans = usePlans({ enabled: allowsPlan(challenge) });
  const link = useLinkRetest();
  const asked = useRef(false);
  useEffect(() => {
    if (planId === null || asked.current) return;
    asked.current = true;
    link.mutate({ planId, workoutId });
  }, [planId, workoutId, link]);
  if (!allowsPlan(challenge)) return null;
  if (planId !== null) {
    const failed =
      link.error instanceof ApiError
        ? link.error.message.replace(/^\d+: /, '')
        : link.error?.message;
    return (
      <div className="grid gap-2 rounded-xl bg-muted px-3 py-2" data-testid="plan-retest">
        <p className="font-semibold" role={failed ? 'alert' : 'status'}>
          {link.isSuccess
            ? t`Re-test saved: your plan is re-placed by it.`
            : failed
              ? t`This set is not your plan's re-test: ${failed}`
              : t`Linking this set to your plan…`}
        </p>
        <Link href={paths.plan.getHref(planId)} className={buttonVariants({ variant: 'outline' })}>
          <CalendarCheck aria-hidden="true" />
          {t`Open your plan`}
        </Link>
      </div>
    );
  }
  const open = plans.data?.find(
    (p) => p.challenge === challenge.id && (p.status === 'active' || p.status === 'paused'),
  );
  if (plans.isPending || plans.isError) return null;
  return open ? (
    <Link href={paths.plan.getHref(open.id)} className={buttonVariants({ variant: 'outline' })}>
      <CalendarCheck aria-hidden="true" />
      {t`Open your plan`}
    </Link>
  ) : (
    <StartPlanDialog
      challenge={challenge.id}
      challengeTitle={challenge.title}
      workoutId={workoutId}
      onStarted={(plan) => navigate(paths.plan.getHref(plan.id))}
    />
  );
}
