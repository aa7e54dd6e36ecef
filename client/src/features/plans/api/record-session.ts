import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Plan } from '@common/schemas/plans';
import { IDEMPOTENCY_KEY_HEADER } from '@common/workouts';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { setMayHaveQueued } from '@/lib/offline/last-user';
import { planKeys } from './plan-keys';
import { PLAN_SESSION_KIND, queuedSessionsKey } from './get-queued-sessions';

export interface RecordSessionInput {
  planId: number;
  sessionId: number;
  done: number[];
  /** The save's idempotency key: one per session run, kept until the server has it. */
  key: string;
}

const pathOf = (planId: number, sessionId: number) =>
  `/api/plans/${planId}/sessions/${sessionId}/done`;

/** POST /api/plans/:id/sessions/:sessionId/done: what was done, set by set. */
export const recordSession = ({ planId, sessionId, done, key }: RecordSessionInput) =>
  api<Plan>(pathOf(planId, sessionId), {
    method: 'POST',
    body: { done },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });

/** Said when there is no connection and the device could not keep the session either. */
const NOT_KEPT = msg`No connection, and this session could not be kept on this device. Stay on this screen and save again once you are back online.`;

/** The server's answer, or `queued`: kept on this device until the connection returns. */
export type RecordOutcome = { plan: Plan; queued?: never } | { queued: true };

/**
 * Records a plan session. Without a connection it is kept in the device's outbox with its key and
 * sent when the connection returns (hooks/use-plan-outbox-sync.ts): the key makes a resend answer
 * as the first save, so it is never recorded twice (docs/decisions/0312-plan-sessions-in-the-outbox.md).
 */
export function useRecordSession(userId: number) {
  const queryClient = useQueryClient();
  // Loaded with the screen, so that a session saved offline can be kept without a service worker.
  useEffect(() => {
    void import('@/lib/offline/outbox').catch(() => undefined);
  }, []);
  return useMutation({
    // 'always': offline the request runs and fails at once, and the session goes to the outbox.
    networkMode: 'always',
    mutationFn: async (input: RecordSessionInput): Promise<RecordOutcome> => {
      try {
        return { plan: await recordSession(input) };
      } catch (err) {
        if (!(err instanceof TypeError)) throw err;
        try {
          const { enqueueRequest } = await import('@/lib/offline/outbox');
          await enqueueRequest({
            key: input.key,
            userId,
            kind: PLAN_SESSION_KIND,
            path: pathOf(input.planId, input.sessionId),
            body: { done: input.done },
            about: { planId: input.planId, sessionId: input.sessionId },
            // Recorded already (from another device, or before this key): the plan has it.
            settledBy: [409],
            queuedAt: new Date().toISOString(),
          });
        } catch {
          throw new Error(i18n._(NOT_KEPT));
        }
        setMayHaveQueued(userId, true);
        await queryClient.invalidateQueries({ queryKey: queuedSessionsKey(userId) });
        return { queued: true };
      }
    },
    onSuccess: (outcome) => {
      if (!outcome.queued) void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
