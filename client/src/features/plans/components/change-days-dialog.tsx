import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
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
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useChangeDays } from '../api/change-days';
import { planKeys } from '../api/plan-keys';
import { daysLabel } from '../utils/plan-words';
import { DayPicker, daysChosen } from './day-picker';

/**
 * "Change days" on a running or paused plan: three new days. A running plan's sessions not done
 * move onto them from today, a paused one keeps them for its resume; the calendar shows the answer.
 * The server's refusal (a plan that ended meanwhile) is said under the days, any other failure in
 * a toast.
 */
export function ChangeDaysDialog({ plan, disabled = false }: { plan: Plan; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number[]>(plan.days);
  const mutation = useChangeDays();
  const queryClient = useQueryClient();
  const refused = mutation.error instanceof ApiError ? mutation.error.errors?.days?.[0] : undefined;
  const same = days.join() === plan.days.join();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setDays(plan.days);
        else {
          // A refusal means the plan changed elsewhere (stopped in another tab): read it again.
          if (refused) void queryClient.invalidateQueries({ queryKey: planKeys.all });
          mutation.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <CalendarDays aria-hidden="true" />
          {t`Change days`}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Change your days`}</DialogTitle>
          <DialogDescription>
            {plan.status === 'paused'
              ? t`Your plan will use the new days when you resume it.`
              : t`The sessions not done yet move onto the new days, from today.`}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!daysChosen(days) || same) return;
            mutation.mutate(
              { planId: plan.id, days },
              {
                onSuccess: (changed) => {
                  setOpen(false);
                  const chosen = daysLabel(changed.days);
                  toast({
                    title: t`Days changed`,
                    description:
                      changed.status === 'paused'
                        ? t`Your plan will use ${chosen} when you resume it.`
                        : t`Your sessions now fall on ${chosen}.`,
                  });
                },
                onError: (error) => {
                  if (error instanceof ApiError && error.errors?.days?.[0]) return;
                  toast({
                    title: t`Could not change the days`,
                    description: error.message.replace(/^\d+: /, ''),
                    variant: 'destructive',
                  });
                },
              },
            );
          }}
        >
          <DayPicker days={days} onChange={setDays} disabled={mutation.isPending} />
          <FieldError id="change-days-error" message={refused} />
          <DialogFooter>
            <Button type="submit" disabled={!daysChosen(days) || same || mutation.isPending}>
              {mutation.isPending ? t`Saving…` : t`Save days`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
