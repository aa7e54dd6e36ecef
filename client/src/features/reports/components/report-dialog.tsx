import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import {
  createReportSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportableTarget,
} from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { sayShared } from '@/lib/i18n';
import { useCreateReport } from '../api/create-report';

export interface ReportDialogProps {
  target: ReportableTarget;
  /** "ann's entry", "ann's profile". */
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** What the server's refusal of a report is called in its toast. */
function refusalTitle(error: Error): string {
  if (!(error instanceof ApiError)) return t`Report not sent`;
  if (error.status === 409) return t`Already reported`;
  if (error.status === 429) return t`Too many reports`;
  return t`Report not sent`;
}

/**
 * The report form: a reason from the short list and, for "Other", what is wrong (up to 200
 * characters, counted as typed). The shared schema checks it before anything is sent; the
 * server's refusals (a second report, too many reports) come back as toasts.
 */
export function ReportDialog({
  target,
  what,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const reset = () => {
    setReason(null);
    setText('');
    setErrors({});
  };
  const close = () => {
    onOpenChange(false);
    reset();
  };
  const mutation = useCreateReport({
    onSuccess: () => {
      close();
      toast({ title: t`Report sent`, description: t`Thank you. A moderator will look at it.` });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.errors?.text?.[0] : undefined;
      if (message) setErrors({ text: message });
      else
        toast({ title: refusalTitle(error), description: error.message, variant: 'destructive' });
    },
  });
  const submit = () => {
    if (!reason) {
      setErrors({ reason: t`Choose a reason.` });
      return;
    }
    const parsed = createReportSchema.safeParse({ target, reason, text });
    if (!parsed.success) {
      const textIssue = parsed.error.issues.find((i) => i.path[0] === 'text');
      setErrors({ text: sayShared(textIssue?.message ?? parsed.error.issues[0]?.message) });
      return;
    }
    setErrors({});
    mutation.mutate({ target, reason, text: parsed.data.text });
  };
  const reasonErrorId = `${id}-reason-error`;
  const textRequired = reason === 'other';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t`Report ${what}`}</DialogTitle>
          <DialogDescription>
            {t`A moderator will look at it. You can report each entry or profile once.`}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset
            className="grid gap-2"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
          >
            <legend className="mb-2 text-sm font-medium">{t`What is wrong?`}</legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 has-[:checked]:border-primary has-[:checked]:bg-accent/60"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setErrors({});
                  }}
                  className="size-4 accent-primary"
                />
                <span className="text-sm">{sayShared(REPORT_REASON_LABELS[r])}</span>
              </label>
            ))}
            <FieldError id={reasonErrorId} message={errors.reason} />
          </fieldset>
          <Field
            id={`${id}-text`}
            label={textRequired ? t`What is wrong` : t`Details (optional)`}
            error={errors.text}
            hint={
              <span className="block text-right">
                {text.length}/{REPORT_TEXT_MAX}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                maxLength={REPORT_TEXT_MAX}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  if (errors.text) setErrors({ ...errors, text: undefined });
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t`Cancel`}
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel={t`Sending report`}>
              {t`Send report`}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
