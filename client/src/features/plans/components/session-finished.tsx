import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, CloudUpload } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { QueuedSession } from '../api/get-queued-sessions';
import { useRecordSession } from '../api/record-session';
import { sendQueuedSessions } from '../hooks/use-plan-outbox-sync';
import type { SessionProgress } from '../utils/session-store';

/**
 * The end of a plan session: Save session, or, saved offline, that it waits on this device (with
 * the server's refusal and Retry, if it refused it). The idempotency key is made at the first Save
 * and kept with the progress, so saving again after a reload is the same save
 * (docs/decisions/0312-plan-sessions-in-the-outbox.md).
 */
export function SessionFinished({
  header,
  planId,
  sessionId,
  userId,
  setCount,
  didList,
  progress,
  queue,
  onProgress,
  onSaved,
}: {
  header: ReactNode;
  planId: number;
  sessionId: number;
  userId: number;
  setCount: number;
  /** What was done, as the screen says it ("20, 20, 16"). */
  didList: string;
  progress: SessionProgress;
  /** This session in the device's outbox (undefined: not there, or the outbox not read yet). */
  queue: { loaded: boolean; entry: QueuedSession | undefined };
  onProgress: (progress: SessionProgress) => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const record = useRecordSession(userId);
  const { entry, loaded } = queue;
  // Until the outbox is read (a reload), this tab's own record of having queued it stands.
  const waiting = entry !== undefined || (!loaded && progress.queued === true);
  // Queued here and gone from the outbox: the sync sent it, so the plan has it.
  const sent = loaded && progress.queued === true && entry === undefined;
  const told = useRef(false);
  useEffect(() => {
    if (!sent || told.current) return;
    told.current = true;
    onSaved();
  }, [sent, onSaved]);

  const save = () => {
    const key = progress.key ?? newIdempotencyKey();
    if (!progress.key) onProgress({ ...progress, key });
    record.mutate(
      { planId, sessionId, done: progress.done, key },
      {
        onSuccess: (outcome) => {
          if (outcome.queued) onProgress({ ...progress, key, queued: true });
          else onSaved();
        },
        // Recorded already (another tab, another device): the plan has it; nothing is lost.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onSaved();
        },
      },
    );
  };
  const failed =
    record.error instanceof ApiError
      ? record.error.message.replace(/^\d+: /, '')
      : record.error?.message;
  const error = entry?.error ?? '';

  return (
    <Card className="mx-auto w-full max-w-md">
      {header}
      <CardContent className="grid gap-4 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-primary" />
        <p className="text-xl font-extrabold" data-testid="session-finished">
          {t`All ${setCount} sets done`}
        </p>
        <p className="text-muted-foreground">{t`You did ${didList}.`}</p>
        {waiting ? (
          <div
            className="grid gap-2 rounded-xl border border-dashed border-border bg-muted px-3 py-3"
            data-testid="session-waiting"
          >
            <p role="status" className="font-medium">
              {t`Saved on this device; it will be sent when you are back online.`}
            </p>
            {entry?.error ? (
              <div className="flex flex-wrap items-center justify-center gap-2">
                <p role="alert" className="flex items-center gap-1 text-sm text-destructive">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  {t`Not saved: ${error}`}
                </p>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void sendQueuedSessions(queryClient, userId, { retryFailed: true }).catch(
                      () => undefined,
                    )
                  }
                >
                  {t`Retry`}
                </Button>
              </div>
            ) : (
              <p className="flex items-center justify-center gap-1 text-sm text-muted-foreground">
                <CloudUpload className="size-4" aria-hidden="true" />
                {t`Waiting to sync`}
              </p>
            )}
          </div>
        ) : (
          <>
            {failed ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {failed}
              </p>
            ) : null}
            <Button size="lg" disabled={record.isPending || sent} onClick={save}>
              {record.isPending ? t`Saving…` : t`Save session`}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
