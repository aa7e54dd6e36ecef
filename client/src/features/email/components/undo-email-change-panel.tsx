import { t } from '@lingui/core/macro';
import { AlertCircle, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useUndoEmailChange } from '../api/undo-email-change';

/**
 * Undoes a change of address when the member presses the button (a link opened by a mail scanner,
 * which only fetches the page, undoes nothing). `next` shows once it is done or refused.
 */
export function UndoEmailChangePanel({ token, next }: { token: string; next: ReactNode }) {
  const undo = useUndoEmailChange();
  if (undo.isSuccess) {
    return (
      <div className="grid gap-3">
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl bg-accent p-3 text-sm font-semibold"
        >
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {undo.data.message}
        </p>
        {next}
      </div>
    );
  }
  const refused =
    undo.error instanceof ApiError
      ? (undo.error.errors?.token?.[0] ?? undo.error.message)
      : undo.error?.message;
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        undo.mutate(token);
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
      <SubmitButton size="lg" pending={undo.isPending} pendingLabel={t`Undoing`}>
        {t`Undo the change`}
      </SubmitButton>
      {refused ? next : null}
    </form>
  );
}
