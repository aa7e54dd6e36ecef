import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ProofClipPlayer } from './proof-clip';

export interface ProofClipDialogProps {
  workoutId: number;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when it closes: the "Watch proof" button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}

/** A set's proof clip in a dialog; loaded by the "Watch proof" button (proof-clip.tsx). */
export function ProofClipDialog({
  workoutId,
  title,
  description,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ProofClipDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ProofClipPlayer workoutId={workoutId} label={title} />
      </DialogContent>
    </Dialog>
  );
}
