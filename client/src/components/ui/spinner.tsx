import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
