import { t } from '@lingui/core/macro';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { i18n } from '@/lib/i18n';
import { DISCARD_FINISHED, DISCARD_RUNNING, DISCARD_TITLE } from './discard-question';

/**
 * "Discard this workout?": asked before a finished-but-unsaved set is dropped (during a run the
 * question is DiscardQuestion, which leaves the pad in view). The safe choice, Keep my set (Keep
 * going), is the main button, first in the tab order, and takes the focus when it opens; Discard
 * is the outlined one.
 */
export function DiscardDialog({
  open,
  finished,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  /** The run is over and only the count is left to save. */
  finished: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeep();
      }}
    >
      <AlertDialogContent data-testid="discard-dialog">
        <AlertDialogTitle>{i18n._(DISCARD_TITLE)}</AlertDialogTitle>
        <AlertDialogDescription>
          {i18n._(finished ? DISCARD_FINISHED : DISCARD_RUNNING)}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel variant="default">
            {finished ? t`Keep my set` : t`Keep going`}
          </AlertDialogCancel>
          <AlertDialogAction variant="outline" className="text-destructive" onClick={onDiscard}>
            {t`Discard`}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
