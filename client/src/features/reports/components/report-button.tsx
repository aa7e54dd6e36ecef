import { Flag } from 'lucide-react';
import { useRef, useState, type ComponentType } from 'react';
import type { ReportTarget } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { ReportDialogProps } from './report-dialog';

// The dialog (its form, the reasons and the shared schema, which brings zod) loads on the first
// press, so a board or a profile paints without it (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
let reportDialog: Promise<ComponentType<ReportDialogProps>> | null = null;
const loadReportDialog = () =>
  (reportDialog ??= import('./report-dialog').then(
    (m) => m.ReportDialog,
    (err: unknown) => {
      reportDialog = null;
      throw err;
    },
  ));

export interface ReportButtonProps {
  target: ReportTarget;
  /** Whose entry or profile: names the button and the dialog. */
  username: string;
  /** An icon-only button (a board row) or one with its word (a profile's header). */
  compact?: boolean;
}

/** "Report": opens the report dialog for a board entry or a profile. */
export function ReportButton({ target, username, compact = false }: ReportButtonProps) {
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const what = target.kind === 'workout' ? `${username}'s entry` : `${username}'s profile`;
  const openDialog = () => {
    loadReportDialog().then(
      (d) => {
        setDialog(() => d);
        setOpen(true);
      },
      () => toast({ title: 'Could not open the report form', description: 'Check your connection and try again.', variant: 'destructive' }),
    );
  };
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        aria-label={`Report ${what}`}
        onPointerOver={() => void loadReportDialog().catch(() => undefined)}
        onClick={openDialog}
        className={compact ? 'shrink-0 text-muted-foreground' : undefined}
      >
        <Flag aria-hidden="true" />
        {compact ? null : 'Report'}
      </Button>
      {Dialog ? (
        <Dialog
          target={target}
          what={what}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
