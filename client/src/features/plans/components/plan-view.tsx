import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { CalendarClock, Check, Pause, Play, RotateCcw, Square, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatScore, type OpenChallenge } from '@common/challenges';
import type { Plan, PlanAction, PlanSession } from '@common/schemas/plans';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { i18n, sayShared } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useChangePlan } from '../api/change-plan';
import { ChangeDaysDialog } from './change-days-dialog';
import { dayLabel, daysLabel, prescriptionLine, statusLabel } from '../utils/plan-words';

// Descriptors: shown with i18n._() in the page's language.
const ACTION_WORDS: Record<PlanAction, { label: MessageDescriptor; confirm?: MessageDescriptor }> =
  {
    pause: { label: msg`Pause` },
    resume: { label: msg`Resume` },
    restart: {
      label: msg`Restart`,
      confirm: msg`Start again from week 1, placed by your latest test?`,
    },
    stop: {
      label: msg`Stop`,
      confirm: msg`Stop this plan? Its sessions stay in the calendar below.`,
    },
  };
const ACTION_ICONS = { pause: Pause, resume: Play, restart: RotateCcw, stop: Square } as const;

const weekTitle = (week: number) => t`Week ${week}`;

function actionsFor(plan: Plan): PlanAction[] {
  if (plan.status === 'active') return ['pause', 'restart', 'stop'];
  if (plan.status === 'paused') return ['resume', 'restart', 'stop'];
  return ['restart'];
}

function PlanActions({ plan }: { plan: Plan }) {
  const change = useChangePlan();
  const [asking, setAsking] = useState<PlanAction | null>(null);
  const failed =
    change.error instanceof ApiError
      ? change.error.message.replace(/^\d+: /, '')
      : change.error?.message;
  const run = (action: PlanAction) => {
    setAsking(null);
    change.mutate({ planId: plan.id, action });
  };
  return (
    <div className="grid gap-2">
      {asking ? (
        <div
          className="grid gap-2 rounded-xl border border-border p-3"
          role="group"
          aria-labelledby="plan-confirm"
        >
          <p id="plan-confirm" className="font-semibold">
            {i18n._(ACTION_WORDS[asking].confirm!)}
          </p>
          <div className="flex gap-2">
            <Button
              variant={asking === 'stop' ? 'destructive' : 'default'}
              onClick={() => run(asking)}
            >
              {i18n._(ACTION_WORDS[asking].label)}
            </Button>
            <Button variant="outline" onClick={() => setAsking(null)}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {/* A plan that ended keeps its days: a new one chooses its own. */}
          {plan.status === 'active' || plan.status === 'paused' ? (
            <ChangeDaysDialog plan={plan} disabled={change.isPending} />
          ) : null}
          {actionsFor(plan).map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <Button
                key={action}
                variant={action === 'stop' ? 'destructiveOutline' : 'outline'}
                disabled={change.isPending}
                onClick={() => (ACTION_WORDS[action].confirm ? setAsking(action) : run(action))}
              >
                <Icon aria-hidden="true" />
                {i18n._(ACTION_WORDS[action].label)}
              </Button>
            );
          })}
        </div>
      )}
      {failed ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failed}
        </p>
      ) : null}
    </div>
  );
}

function SessionRow({
  session,
  plan,
  challenge,
  next,
}: {
  session: PlanSession;
  plan: Plan;
  challenge: OpenChallenge;
  next: boolean;
}) {
  const done = session.doneAt !== null;
  const due = next && plan.status === 'active' && session.dueOn <= plan.today;
  const score = session.score !== null ? formatScore(challenge.scoring, session.score) : null;
  const what =
    session.kind === 'retest'
      ? score !== null
        ? t`Re-test: ${score}`
        : t`Re-test: the challenge’s own test`
      : session.prescription
        ? prescriptionLine(session.prescription, challenge.scoring)
        : '';
  const did = session.done?.join(', ');
  return (
    <li
      className={cn('grid gap-1 rounded-lg border p-3', due ? 'border-primary' : 'border-border')}
      data-testid="plan-session"
      data-state={done ? 'done' : due ? 'due' : 'upcoming'}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{dayLabel(session.dueOn)}</span>
        {done ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
            <Check className="size-4" aria-hidden="true" /> {t`Done`}
          </span>
        ) : due ? (
          <Badge>{t`Today`}</Badge>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{what}</p>
      {did !== undefined ? <p className="text-sm">{t`Did: ${did}`}</p> : null}
    </li>
  );
}

/** A plan's page: its state and actions, today's session or re-test, and the six weeks. */
export function PlanView({ plan, challenge }: { plan: Plan; challenge: OpenChallenge }) {
  const next = plan.sessions.find((s) => s.doneAt === null);
  const dueNow = plan.status === 'active' && next && next.dueOn <= plan.today;
  const weeks = [1, 2, 3, 4, 5, 6].map((w) => plan.sessions.filter((s) => s.week === w));
  const title = sayShared(challenge.title) ?? challenge.title;
  const placedBy = formatScore(challenge.scoring, plan.placedBy);
  const days = daysLabel(plan.days);
  const done = plan.sessionsDone;
  const total = plan.sessionsTotal;
  const nextDay = next ? dayLabel(next.dueOn) : '';
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="plan-title" className="text-2xl font-extrabold leading-tight tracking-tight">
              {t`${title}: your plan`}
            </h1>
            <Badge
              variant={plan.status === 'active' ? 'default' : 'secondary'}
              data-testid="plan-status"
            >
              {statusLabel(plan.status)}
            </Badge>
          </div>
          <CardDescription>
            {t`Placed by ${placedBy} · ${days} · ${done} of ${total} sessions done`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {dueNow && next.kind === 'session' ? (
            <Link href={paths.plansToday.getHref()} className={buttonVariants({ size: 'lg' })}>
              <Timer aria-hidden="true" />
              {t`Start today’s session`}
            </Link>
          ) : dueNow && next.kind === 'retest' ? (
            <Link
              href={`${paths.timer.getHref(challenge.id)}?plan=${plan.id}`}
              className={buttonVariants({ size: 'lg' })}
            >
              <Timer aria-hidden="true" />
              {t`Do the re-test`}
            </Link>
          ) : next && plan.status === 'active' ? (
            <p className="flex items-center gap-2 text-sm">
              <CalendarClock className="size-4" aria-hidden="true" />
              {next.kind === 'retest' ? t`Next re-test: ${nextDay}` : t`Next session: ${nextDay}`}
            </p>
          ) : null}
          <PlanActions plan={plan} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {weeks.map((sessions, i) => (
          <section key={i} aria-labelledby={`week-${i + 1}`} className="grid gap-2">
            <h2 id={`week-${i + 1}`} className="text-lg font-bold">
              {weekTitle(i + 1)}
            </h2>
            <ol className="grid gap-2">
              {sessions.map((s) => (
                <SessionRow
                  key={s.id}
                  session={s}
                  plan={plan}
                  challenge={challenge}
                  next={s.id === next?.id}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
