import { t } from '@lingui/core/macro';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import type { Plan } from '@common/schemas/plans';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useStartPlan } from '../api/start-plan';
import { DayPicker, daysChosen } from './day-picker';

/** Monday, Wednesday, Friday: the days most six-week programmes suggest. */
const SUGGESTED = [1, 3, 5];

/**
 * "Start a plan": three days chosen, then a six-week plan placed by the test set (`workoutId`) or,
 * without one, by the member's latest set of `challenge`.
 */
export function StartPlanDialog({
  challenge,
  challengeTitle,
  workoutId,
  onStarted,
  variant = 'outline',
}: {
  challenge: string;
  challengeTitle: string;
  workoutId?: number;
  onStarted: (plan: Plan) => void;
  variant?: 'default' | 'outline';
}) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number[]>(SUGGESTED);
  const mutation = useStartPlan();
  const error =
    mutation.error instanceof ApiError
      ? (mutation.error.errors?.days?.[0] ?? mutation.error.message.replace(/^\d+: /, ''))
      : mutation.error?.message;
  const tooMany = !daysChosen(days);
  const title = sayShared(challengeTitle) ?? challengeTitle;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) mutation.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant} size="lg" className="w-full">
          <CalendarPlus aria-hidden="true" />
          {t`Start a plan`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Start a six-week plan`}</DialogTitle>
          <DialogDescription>
            {t`Your test set places the plan for ${title}: three sessions a week, a re-test at the end of weeks 2, 4 and 6. Choose your three days.`}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (tooMany) return;
            mutation.mutate(workoutId ? { workoutId, days } : { challenge, days }, {
              onSuccess: (plan) => {
                setOpen(false);
                onStarted(plan);
              },
            });
          }}
        >
          <DayPicker days={days} onChange={setDays} />
          <FieldError id="start-plan-error" message={error} />
          <DialogFooter>
            <Button type="submit" disabled={tooMany || mutation.isPending}>
              {mutation.isPending ? t`Starting…` : t`Start the plan`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
