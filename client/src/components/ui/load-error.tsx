import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { t } from '@lingui/core/macro';

/**
 * What a screen shows when its data could not be loaded: why, and Try again. One block, so that
 * every screen says it the same way.
 */
export function LoadError({
  children,
  onRetry,
  className,
}: {
  /** "Could not load the club. {the server's message}" */
  children: ReactNode;
  onRetry: () => void;
  /** Replaces the default padding (py-8): cn() does not merge conflicting classes. */
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('grid justify-items-center gap-3 text-center', className ?? 'py-8')}
    >
      <p>{children}</p>
      <Button variant="outline" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </div>
  );
}
