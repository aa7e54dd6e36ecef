import { t } from '@lingui/core/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { reminderTimeSchema, type ReminderSettings as Settings } from '@common/schemas/reminders';
import { FieldError, Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useReminders } from '../api/get-reminders';
import { usePutReminders } from '../api/put-reminders';
import { usePushSubscription } from '../hooks/use-push-subscription';

function Toggle({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>{label}</Label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onCheckedChange={onChange}
        />
      </div>
      {children}
    </div>
  );
}

const couldNotLoad = (reason: string) => t`Could not load your reminders. ${reason}`;

/**
 * Reminders (docs/decisions/0234-reminders.md): the two kinds, the time and the channels, saved
 * together. Push asks for notification permission only when the member turns it on.
 */
export function ReminderSettings() {
  const query = useReminders();
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()}>
        {couldNotLoad(query.error.message)}
      </LoadError>
    );
  }
  if (!query.data) return <Skeleton className="h-40 w-full" />;
  const { devices: _devices, ...initial } = query.data;
  return <ReminderForm initial={initial} />;
}

function ReminderForm({ initial }: { initial: Settings }) {
  const [form, setForm] = useState<Settings>(initial);
  const [timeError, setTimeError] = useState<string>();
  const [pushError, setPushError] = useState<string>();
  const [pushBusy, setPushBusy] = useState(false);
  const push = usePushSubscription();
  const mutation = usePutReminders({
    onError: (error) => {
      const time = error instanceof ApiError ? error.errors?.time?.[0] : undefined;
      if (time) setTimeError(time);
      else toast({ title: t`Not saved`, description: error.message, variant: 'destructive' });
    },
  });
  const set = (patch: Partial<Settings>) => setForm((f) => ({ ...f, ...patch }));

  const setPush = async (on: boolean) => {
    setPushError(undefined);
    setPushBusy(true);
    try {
      if (on) await push.subscribe();
      else await push.unsubscribe();
      set({ push: on });
    } catch (err) {
      setPushError((err as Error).message);
    } finally {
      setPushBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = reminderTimeSchema.safeParse(form.time);
    if (!time.success) {
      setTimeError(sayShared(time.error.issues[0]?.message));
      return;
    }
    setTimeError(undefined);
    mutation.mutate(form, {
      onSuccess: () => toast({ title: t`Reminders saved`, description: t`Your choice is saved.` }),
    });
  };

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <Toggle
        id="reminders-plan"
        label={t`My plan's days`}
        description={t`When a session of your plan is due today.`}
        checked={form.planDays}
        onChange={(v) => set({ planDays: v })}
      />
      <Toggle
        id="reminders-weekly-goal"
        label={t`My weekly goal`}
        description={t`From Thursday, when your week's goal is not met yet and can still be.`}
        checked={form.weeklyGoal}
        onChange={(v) => set({ weeklyGoal: v })}
      />
      <div className="grid gap-2">
        <Label htmlFor="reminders-time">{t`Time`}</Label>
        <Input
          id="reminders-time"
          type="time"
          className="max-w-40"
          value={form.time}
          min="07:00"
          max="21:59"
          required
          aria-invalid={timeError ? true : undefined}
          aria-describedby={
            timeError ? 'reminders-time-error reminders-time-hint' : 'reminders-time-hint'
          }
          onChange={(e) => set({ time: e.target.value })}
        />
        <p id="reminders-time-hint" className="text-xs text-muted-foreground">
          {t`In your time zone. At most one reminder a day, never between 22:00 and 07:00.`}
        </p>
        <FieldError id="reminders-time-error" message={timeError} />
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">{t`How`}</legend>
        <Toggle
          id="reminders-email"
          label={t`Email`}
          description={t`To your confirmed address, with a link to turn reminders off.`}
          checked={form.email}
          onChange={(v) => set({ email: v })}
        />
        <Toggle
          id="reminders-push"
          label={t`Notifications on this device`}
          description={t`Your browser asks you to allow them.`}
          checked={form.push}
          disabled={pushBusy}
          onChange={(v) => void setPush(v)}
        >
          <FieldError id="reminders-push-error" message={pushError} />
        </Toggle>
      </fieldset>
      <SubmitButton
        pending={mutation.isPending}
        pendingLabel={t`Saving`}
        className="justify-self-start"
      >
        {t`Save reminders`}
      </SubmitButton>
    </form>
  );
}
