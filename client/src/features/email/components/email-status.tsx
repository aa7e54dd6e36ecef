import { t } from '@lingui/core/macro';
import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useResendConfirmation } from '../api/resend-confirmation';

/**
 * "Email not confirmed" and a Resend button, while the member has not followed the link sent
 * to their address; nothing once they have.
 */
export function EmailStatus({ confirmed }: { confirmed: boolean }) {
  const resend = useResendConfirmation();
  if (confirmed) return null;
  return (
    <div
      className="grid justify-items-center gap-2 rounded-xl border border-border p-3 text-sm"
      data-testid="email-status"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <MailWarning className="size-4 shrink-0" aria-hidden="true" />
        {t`Email not confirmed`}
      </p>
      {resend.isSuccess ? (
        <p role="status" className="text-muted-foreground">
          {resend.data.message}
        </p>
      ) : (
        <p className="text-muted-foreground">
          {t`Follow the link we emailed you, so you can always get back in.`}
        </p>
      )}
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onError: (error) =>
              toast({ title: t`No link sent`, description: error.message, variant: 'destructive' }),
          })
        }
      >
        {resend.isPending ? <Spinner label={t`Sending`} /> : null}
        {t`Resend`}
      </Button>
    </div>
  );
}
