import { msg, t } from '@lingui/core/macro';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n';

// "Discard this workout?" in its words (docs/decisions/0091-a-set-is-never-lost.md), for the
// question during a run (here) and after it (discard-dialog.tsx).
// Descriptors, shown with i18n._() in the page's language.
export const DISCARD_TITLE = msg`Discard this workout?`;
export const DISCARD_RUNNING = msg`The timer is still running. Discarding it throws away this set and its count.`;
export const DISCARD_FINISHED = msg`Your set is not saved yet. Discarding it throws away this count.`;

/**
 * The question while the clock runs: in the run's own layout, in place of Cancel, so the pad (or
 * Stop) stays in view and keeps counting, and the clock keeps running
 * (docs/decisions/0197-the-end-of-a-run.md). Keep going is the main button and takes the focus;
 * Escape keeps going too.
 */
export function DiscardQuestion({
  onKeep,
  onDiscard,
}: {
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onKeep();
        }
      }}
      className="grid shrink-0 gap-2 rounded-2xl border border-border bg-card p-3 shadow-lg"
      data-testid="discard-question"
    >
      <h2 id={titleId} className="text-base font-bold">
        {i18n._(DISCARD_TITLE)}
      </h2>
      <p id={textId} className="text-sm text-muted-foreground">
        {i18n._(DISCARD_RUNNING)}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button ref={keep} type="button" onClick={onKeep}>
          {t`Keep going`}
        </Button>
        <Button type="button" variant="outline" className="text-destructive" onClick={onDiscard}>
          {t`Discard`}
        </Button>
      </div>
    </div>
  );
}
