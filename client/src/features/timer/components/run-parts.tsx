import { t } from '@lingui/core/macro';
import { Trophy, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { IN_RIGHT_COLUMN } from './run-layout';

// Pieces every run screen shows the same way (timer-screen.tsx, program-run.tsx).

/** The friend's target during the run: a polite live region, "You beat 30!" read once when passed. */
export function TargetProgress({ beaten, text }: { beaten: boolean; text: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex shrink-0 items-center justify-center gap-2 rounded-xl px-3 py-1 text-center font-semibold',
        IN_RIGHT_COLUMN,
        beaten ? 'bg-primary text-primary-foreground' : 'bg-accent/50 text-accent-foreground',
      )}
      data-testid="target-progress"
    >
      {beaten ? <Trophy aria-hidden="true" className="size-4" /> : null}
      {text}
    </p>
  );
}

/** What a screen reader is told of the run: its cues and changes, once each. */
export function Announcement({ text }: { text: string }) {
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="timer-announcement">
      {text}
    </p>
  );
}

/** The cue on screen for a moment ("1 minute left"); read through the announcement instead. */
export function CueMessage({ message, className }: { message: string | null; className?: string }) {
  return (
    <div
      className={cn(
        'flex min-h-8 shrink-0 items-center justify-center',
        IN_RIGHT_COLUMN,
        className,
      )}
      aria-hidden="true"
    >
      {message ? (
        <p
          className="rounded-full bg-accent px-4 py-1 text-center text-lg font-bold text-accent-foreground"
          data-testid="cue-message"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Cancel under the run, or "Discard this workout?" in its place while it is asked. */
export function CancelOrQuestion({
  question,
  onCancel,
  cancelRef,
}: {
  question: ReactNode;
  onCancel: () => void;
  cancelRef?: RefObject<HTMLButtonElement | null>;
}) {
  if (question) return <div className={IN_RIGHT_COLUMN}>{question}</div>;
  return (
    <Button
      ref={cancelRef}
      type="button"
      variant="outline"
      onClick={onCancel}
      className={cn('shrink-0 self-center justify-self-center', IN_RIGHT_COLUMN)}
    >
      <X aria-hidden="true" />
      {t`Cancel`}
    </Button>
  );
}
