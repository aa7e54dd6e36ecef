import { CalendarDays, Timer } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { Prescription } from '@common/plans';
import type { PlanSession } from '@common/schemas/plans';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useToday } from '@/features/plans/api/get-today';
import { PlanSessionRun } from '@/features/plans/components/plan-session-run';
import { dayLabel } from '@/features/plans/utils/plan-words';
import { useBeep } from '@/features/timer/hooks/use-beep';
import { useMuted } from '@/features/timer/hooks/use-muted';
import { useSpeech } from '@/features/timer/hooks/use-speech';
import { openChallengeById } from '@/lib/challenges';
import { useDocumentTitle } from '@/lib/use-document-title';
import { t } from '@lingui/core/macro';
import { sayShared } from '@/lib/i18n';

const isTraining = (s: PlanSession): s is PlanSession & { prescription: Prescription } =>
  s.kind === 'session' && s.prescription !== null;

/** The plan session's voice: the timer's beeps, speech and mute switch. */
function useVoice() {
  const { prime: primeBeep, beep } = useBeep();
  const speech = useSpeech();
  const [muted, setMuted] = useMuted();
  return {
    prime: () => {
      primeBeep();
      speech.prime();
    },
    speak: (text: string) => void speech.speak(text),
    beep,
    muted,
    setMuted,
  };
}

function Heading({ children }: { children: string }) {
  return (
    <h1 id="today-title" className="text-2xl font-extrabold leading-tight tracking-tight">
      {children}
    </h1>
  );
}

// `/plans/today`, where a reminder's tap leads: the session due today of the member's active plan
// (a re-test sends them to the challenge's timer), or that there is none.
export default function PlansTodayRoute() {
  useDocumentTitle(t`Today’s session`);
  const today = useToday();
  const user = useUser();
  const voice = useVoice();
  const [, navigate] = useLocation();
  if (today.isPending || user.isPending)
    return (
      <div className="mx-auto grid w-full max-w-md gap-4">
        <Heading>{t`Today’s session`}</Heading>
        <Skeleton className="h-72" />
      </div>
    );
  if (today.isError)
    return (
      <div className="mx-auto grid w-full max-w-md gap-4">
        <Heading>{t`Today’s session`}</Heading>
        <LoadError onRetry={() => void today.refetch()}>
          {t`Could not load today’s session. ${today.error.message}`}
        </LoadError>
      </div>
    );
  const { plan, session } = today.data;
  const challenge = plan ? openChallengeById(plan.challenge) : undefined;
  if (!plan || !session || !challenge || !user.data)
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <Heading>{t`No session today`}</Heading>
          <CardDescription>
            {t`Nothing of your plans is due today. Rest counts too: your next session is on the plan’s page.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link href={paths.catalogue.getHref()} className={buttonVariants({ variant: 'outline' })}>
            <CalendarDays aria-hidden="true" />
            {t`Challenges and plans`}
          </Link>
        </CardContent>
      </Card>
    );
  const week = session.week;
  const title = sayShared(challenge.title)!;
  const due = dayLabel(session.dueOn);
  if (!isTraining(session))
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <Heading>{t`Re-test day`}</Heading>
          <CardDescription>
            {t`Week ${week}: do ${title} as a normal test, due ${due}. Your set goes on the boards and places the rest of your plan.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Link
            href={`${paths.timer.getHref(challenge.id)}?plan=${plan.id}`}
            className={buttonVariants({ size: 'lg' })}
          >
            <Timer aria-hidden="true" />
            {t`Do the re-test`}
          </Link>
          <Link
            href={paths.plan.getHref(plan.id)}
            className={buttonVariants({ variant: 'outline' })}
          >
            <CalendarDays aria-hidden="true" />
            {t`Your plan`}
          </Link>
        </CardContent>
      </Card>
    );
  return (
    <PlanSessionRun
      key={session.id}
      plan={plan}
      session={session}
      challenge={challenge}
      userId={user.data.id}
      voice={voice}
      onSaved={() => navigate(paths.plan.getHref(plan.id))}
    />
  );
}
