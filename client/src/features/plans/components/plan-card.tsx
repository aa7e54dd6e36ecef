import { CalendarDays, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { OpenChallenge } from '@common/challenges';
import { allowsPlan } from '@common/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePlans } from '../api/list-plans';
import { dayLabel, STATUS_LABELS } from '../utils/plan-words';
import { StartPlanDialog } from './start-plan-dialog';

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
        <CardTitle id="plan-card-title">Your plan</CardTitle>
        <CardDescription>
          {open
            ? `${STATUS_LABELS[open.status]}: ${open.sessionsDone} of ${open.sessionsTotal} sessions done${
                open.nextDueOn && open.status === 'active'
                  ? `, next ${dayLabel(open.nextDueOn)}`
                  : ''
              }.`
            : 'Six weeks, three sessions a week, placed by your test and re-tested every two weeks.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {plans.isPending ? (
          <Skeleton className="h-12" />
        ) : plans.isError ? (
          <p role="alert" className="text-sm">
            Could not load your plans. {plans.error.message}
          </p>
        ) : open ? (
          <Link
            href={paths.plan.getHref(open.id)}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <CalendarDays className="size-4" aria-hidden="true" />
            Open your plan
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
