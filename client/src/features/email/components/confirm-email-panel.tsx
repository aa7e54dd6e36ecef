import { t } from '@lingui/core/macro';
import { AlertCircle, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * Confirms the address of a link's token when the member presses the button: a link opened by a
 * mail scanner (which only fetches the page) confirms nothing.
 */
export function ConfirmEmailPanel({ token, next }: { token: string; next: ReactNode }) {
  const confirm = useConfirmEmail();
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-3">
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-accent p-3 text-sm font-semibold"
        >
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {confirm.data.message}
        </p>
        {next}
      </div>
    );
  }
  const refused =
    confirm.error instanceof ApiError
      ? (confirm.error.errors?.token?.[0] ?? confirm.error.message)
      : confirm.error?.message;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate(token);
      }}
    >
      {refused ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-destructive p-3 text-sm font-semibold"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          {refused}
        </p>
      ) : null}
      <SubmitButton size="lg" pending={confirm.isPending} pendingLabel={t`Confirming`}>
        {t`Confirm my address`}
      </SubmitButton>
      {refused ? next : null}
    </form>
  );
}
