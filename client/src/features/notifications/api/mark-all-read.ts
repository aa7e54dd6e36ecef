import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@common/schemas/notifications';
import { api } from '@/lib/api-client';
import { notificationListKey, unreadCountKey } from './keys';

/** POST /api/notifications/read-all. */
export const markAllRead = () =>
  api<UnreadCount>('/api/notifications/read-all', { method: 'POST' });

export function useMarkAllRead({ onError }: { onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: (count) => {
      queryClient.setQueryData(unreadCountKey, count);
      void queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
    onError,
  });
}
