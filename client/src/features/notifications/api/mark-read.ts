import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@common/schemas/notifications';
import { api } from '@/lib/api-client';
import { notificationListKey, unreadCountKey } from './keys';

/** POST /api/notifications/read: these notifications read; the answer is the new count. */
export const markRead = (ids: number[]) =>
  api<UnreadCount>('/api/notifications/read', { method: 'POST', body: { ids } });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (count) => {
      queryClient.setQueryData(unreadCountKey, count);
      void queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
  });
}
