import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';

export const VERIFIED_LABEL = 'Counted by camera';

/**
 * The mark of a workout whose reps the app counted with the camera and the server re-counted
 * (docs/product.md#verified-workouts says what it proves and what it does not).
 */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label={t`Counted by camera`}
      title={t`Counted by camera`}
      className={cn('inline-flex shrink-0 items-center text-primary', className)}
      data-testid="verified-mark"
    >
      <BadgeCheck aria-hidden="true" className="size-[1.1em]" />
    </span>
  );
}
