import { t } from '@lingui/core/macro';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The Save / Cancel pair of the count entry and log forms; both lock while saving. */
export function SaveCancel({
  pending,
  saveLabel,
  onCancel,
}: {
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Button type="submit" size="lg" disabled={pending} className="sm:order-2">
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {pending ? t`Saving...` : saveLabel}
      </Button>
      <Button type="button" size="lg" variant="outline" onClick={onCancel} disabled={pending}>
        {t`Cancel`}
      </Button>
    </div>
  );
}
