import { t } from '@lingui/core/macro';
import { CalendarDays, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { OpenChallenge } from '@common/challenges';
import { allowsPlan } from '@common/plans';
import type { PlanSummary } from '@common/schemas/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePlans } from '../api/list-plans';
import { dayLabel, statusLabel } from '../utils/plan-words';
import { StartPlanDialog } from './start-plan-dialog';

/** "Running: 4 of 18 sessions done, next Mon 30 Nov." */
function openLine(open: PlanSummary): string {
  const status = statusLabel(open.status);
  const done = open.sessionsDone;
  const total = open.sessionsTotal;
  if (open.nextDueOn && open.status === 'active') {
    const day = dayLabel(open.nextDueOn);
    return t`${status}: ${done} of ${total} sessions done, next ${day}.`;
  }
  return t`${status}: ${done} of ${total} sessions done.`;
}

const couldNotLoad = (reason: string) => t`Could not load your plans. ${reason}`;

/**
 * A challenge home's plan: the open plan with its next session, or "Start a plan" (placed by the
 * member's latest set). Nothing for a visitor or a challenge whose kind allows no plan.
 */
export function PlanCard({ challenge, signedIn }: { challenge: OpenChallenge; signedIn: boolean }) {
  const possible = signedIn && allowsPlan(challenge);
  const plans = usePlans({ enabled: possible });
  const [, navigate] = useLocation();
  if (!possible) return null;
  const open = plans.data?.find(
    (p) => p.challenge === challenge.id && (p.status === 'active' || p.status === 'paused'),
  );
  return (
    <Card aria-labelledby="plan-card-title">
      <CardHeader>
        <CardTitle id="plan-card-title">{t`Your plan`}</CardTitle>
        <CardDescription>
          {open
            ? openLine(open)
            : t`Six weeks, three sessions a week, placed by your test and re-tested every two weeks.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {plans.isPending ? (
          <Skeleton className="h-12" />
        ) : plans.isError ? (
          <p role="alert" className="text-sm">
            {couldNotLoad(plans.error.message)}
          </p>
        ) : open ? (
          <Link
            href={paths.plan.getHref(open.id)}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <CalendarDays className="size-4" aria-hidden="true" />
            {t`Open your plan`}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <StartPlanDialog
            challenge={challenge.id}
            challengeTitle={challenge.title}
            onStarted={(plan) => navigate(paths.plan.getHref(plan.id))}
          />
        )}
      </CardContent>
    </Card>
  );
}
