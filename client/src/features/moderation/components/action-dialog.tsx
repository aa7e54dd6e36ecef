import { t } from '@lingui/core/macro';
import { useId, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/use-toast';
import { MODERATION_REASON_MAX } from '@common/schemas/moderation';

export interface ActionDialogProps {
  /** The button that opens the dialog ("Hide workout"). */
  label: string;
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  /** "Hide this workout?" */
  title: string;
  /** What the action does, said before it is done. */
  description: ReactNode;
  /** The confirm button ("Hide workout"). */
  confirmLabel: string;
  pendingLabel: string;
  /** The toast once done ("Workout hidden"). */
  doneTitle: string;
  /** Runs the action with the reason typed; rejects with the server's error. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * One moderation action: a button, then a confirmation that asks why (the reason goes into the
 * audit log and, for a hidden workout or a suspension, to the member). A toast says it is done,
 * or why it was not.
 */
export function ActionDialog({
  label,
  icon,
  variant = 'outline',
  title,
  description,
  confirmLabel,
  pendingLabel,
  doneTitle,
  onConfirm,
}: ActionDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(t`Give a reason: the audit log keeps it.`);
      return;
    }
    setPending(true);
    try {
      await onConfirm(trimmed);
      setOpen(false);
      setReason('');
      setError(undefined);
      toast({ title: doneTitle, description: t`Reason: ${trimmed}` });
    } catch (err) {
      toast({
        title: t`${label} failed`,
        description: (err as Error).message,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(undefined);
        }
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant={variant} size="sm">
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field
            id={`${id}-reason`}
            label={t`Reason`}
            error={error}
            hint={
              <span className="block text-right">
                {reason.length}/{MODERATION_REASON_MAX}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                maxLength={MODERATION_REASON_MAX}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  if (error && e.target.value.trim()) setError(undefined);
                }}
              />
            )}
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t`Cancel`}</AlertDialogCancel>
            <SubmitButton
              variant={variant === 'destructive' ? 'destructive' : 'default'}
              pending={pending}
              pendingLabel={pendingLabel}
            >
              {confirmLabel}
            </SubmitButton>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
