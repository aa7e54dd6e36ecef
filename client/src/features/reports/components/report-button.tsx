import { t } from '@lingui/core/macro';
import { Flag } from 'lucide-react';
import type { ReportableTarget } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import { useDialogOnPress } from '@/components/ui/use-dialog-on-press';
import { deferredModule } from '@/lib/deferred-module';
import { cn } from '@/lib/utils';
import { hasReported, useMyReports } from '../api/get-my-reports';

// The dialog (its form, the reasons and the shared schema, which brings zod) loads on the first
// press, so a board or a profile paints without it (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
const reportDialog = deferredModule(() => import('./report-dialog').then((m) => m.ReportDialog));

export interface ReportButtonProps {
  target: ReportableTarget;
  /** Whose entry or profile: names the button and the dialog. */
  username: string;
  /** An icon-only button (a board row) or one with its word (a profile's header). */
  compact?: boolean;
}

/**
 * "Report": opens the report dialog for a board entry or a profile. Once the member has reported
 * it (GET /api/reports/mine, one request for the whole screen), "Reported", disabled: a second
 * report would only be refused (docs/decisions/0200-segmented-controls-and-reported.md).
 */
export function ReportButton({ target, username, compact = false }: ReportButtonProps) {
  const { Dialog, open, setOpen, button, preload, openDialog, returnFocus } = useDialogOnPress(
    reportDialog,
    t`Could not open the report form`,
  );
  const mine = useMyReports();
  const what =
    target.kind === 'workout'
      ? t`${username}'s entry`
      : target.kind === 'comment'
        ? t`${username}'s comment`
        : t`${username}'s profile`;
  // While its dialog is open (a report just sent closes it) the form stays as it is.
  if (hasReported(mine.data, target) && !open) {
    return (
      <Button
        type="button"
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        disabled
        aria-label={t`Reported ${what}`}
        title={t`Reported`}
        className={cn('text-muted-foreground', compact && 'shrink-0')}
      >
        <Flag aria-hidden="true" className="fill-current" />
        {compact ? null : t`Reported`}
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        aria-label={t`Report ${what}`}
        onPointerOver={preload}
        onClick={openDialog}
        className={compact ? 'shrink-0 text-muted-foreground' : undefined}
      >
        <Flag aria-hidden="true" />
        {compact ? null : t`Report`}
      </Button>
      {Dialog ? (
        <Dialog
          target={target}
          what={what}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={returnFocus}
        />
      ) : null}
    </>
  );
}
