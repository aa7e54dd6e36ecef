import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/**
 * "Discard this workout?": asked before a running or finished-but-unsaved set is dropped. The safe
 * choice, Keep going, is first in the tab order and takes the focus when it opens.
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
        <AlertDialogTitle>Discard this workout?</AlertDialogTitle>
        <AlertDialogDescription>
          {finished
            ? 'Your set is not saved yet. Discarding it throws away this count.'
            : 'The timer is still running. Discarding it throws away this set and its count.'}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{finished ? 'Keep my set' : 'Keep going'}</AlertDialogCancel>
          <AlertDialogAction onClick={onDiscard}>Discard</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
