import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CloudUpload } from 'lucide-react';
import { sameChallenge, type ChallengeId } from '@common/challenges';
import { Button } from '@/components/ui/button';
import { scoredOf } from '@/lib/score-figure';
import { outboxQueryKey, useQueuedSaves } from '../api/get-queued-saves';
import { invalidateWorkoutData } from '../api/invalidate';
import { announceSent } from '../hooks/use-outbox-sync';
import { scoreLabel, scoringOf } from '../utils/score';
import { formatClockTime, formatDateMedium } from '@/lib/format-date';

/**
 * Saves kept on this device, each in its challenge's unit: "Waiting to sync", or the server's
 * refusal with Retry (never dropped silently). Shown above the member's history; with `challenge`,
 * only that challenge's (a save queued before challenges were named is the default challenge's).
 */
export function PendingSaves({ userId, challenge }: { userId: number; challenge?: ChallengeId }) {
  const queued = useQueuedSaves(userId);
  const queryClient = useQueryClient();
  const shown = (queued.data ?? []).filter(
    (save) => !challenge || sameChallenge(save.body.challenge, challenge),
  );
  if (shown.length === 0) return null;

  const retry = async () => {
    const { syncOutbox } = await import('@/lib/offline/sync');
    const result = await syncOutbox(userId, { retryFailed: true });
    await queryClient.invalidateQueries({ queryKey: outboxQueryKey(userId) });
    if (result.sent > 0) {
      await invalidateWorkoutData(queryClient);
      announceSent(result.sent);
    }
  };

  return (
    <ul className="grid gap-2" aria-label={t`Saves waiting to sync`}>
      {shown.map((save) => {
        const { score, capped } = scoredOf(save.body);
        const error = save.error ?? '';
        return (
          <li
            key={save.key}
            className="grid gap-1 rounded-xl border border-dashed border-border bg-muted px-3 py-2"
            data-testid="queued-save"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold tabular-nums">
                {scoreLabel(scoringOf(save.body.challenge), score, capped)}
              </span>
              <span className="text-sm text-muted-foreground">
                {formatDateMedium(save.body.createdAt)} {formatClockTime(save.body.createdAt)}
              </span>
            </div>
            {save.error ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p role="alert" className="flex items-center gap-1 text-sm text-destructive">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  {t`Not saved: ${error}`}
                </p>
                <Button type="button" size="sm" variant="outline" onClick={() => void retry()}>
                  {t`Retry`}
                </Button>
              </div>
            ) : (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <CloudUpload className="size-4" aria-hidden="true" />
                {t`Waiting to sync`}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
