import { plural } from '@lingui/core/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useSyncTriggers } from '@/lib/offline/use-sync-triggers';
import { PLAN_SESSION_KIND, queuedSessionsKey } from '../api/get-queued-sessions';
import { planKeys } from '../api/plan-keys';

/**
 * Sends the plan sessions kept on this device (lib/offline/sync.ts `syncRequests`) and says what
 * went: `retryFailed` sends the refused ones again too (the Retry button).
 */
export async function sendQueuedSessions(
  queryClient: QueryClient,
  userId: number,
  { retryFailed = false } = {},
) {
  const { syncRequests } = await import('@/lib/offline/sync');
  const result = await syncRequests(userId, PLAN_SESSION_KIND, { retryFailed });
  await queryClient.invalidateQueries({ queryKey: queuedSessionsKey(userId) });
  if (result.sent > 0) {
    await queryClient.invalidateQueries({ queryKey: planKeys.all });
    const sent = result.sent;
    toast({
      title: plural(sent, {
        one: 'Your saved session was sent',
        other: 'Your # saved sessions were sent',
      }),
      description: plural(sent, {
        one: 'It is on your plan now.',
        other: 'They are on your plan now.',
      }),
    });
  }
  return result;
}

/**
 * Sends plan sessions saved offline when the connection returns, at app start and when the page
 * is shown again, as the workouts' outbox does (docs/decisions/0312-plan-sessions-in-the-outbox.md).
 */
export function usePlanOutboxSync(userId: number | null) {
  const queryClient = useQueryClient();
  useSyncTriggers(userId, (id) => sendQueuedSessions(queryClient, id));
}
