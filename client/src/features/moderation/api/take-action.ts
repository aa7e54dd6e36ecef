import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionInput, ModerationActionResult } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/moderation/actions: one action (or its undo) with its reason; answers its log line. */
export const takeAction = (body: ModerationActionInput) =>
  api<ModerationActionResult>('/api/moderation/actions', { method: 'POST', body });

/**
 * Every action can change the queue, the log, the boards, the public profiles and the clubs (a
 * hidden set, a cleared name, a suspended member, a removed club): all of them are asked for again.
 */
export function useTakeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clubs }),
      ]),
  });
}
