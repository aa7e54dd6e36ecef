import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openNotificationStream } from '../api/notification-stream';
import { notificationListKey, unreadCountKey } from '../api/keys';

/** While signed in and the app is open: the stream keeps the bell's count and the list current. */
export function useNotificationStream(userId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    return openNotificationStream({
      onEvent: (e, kind) => {
        // The stream's count is the newest: a count request still in flight (asked before this
        // event was made) must not overwrite it when it lands.
        void queryClient.cancelQueries({ queryKey: unreadCountKey });
        queryClient.setQueryData(unreadCountKey, { unread: e.unread });
        if (kind === 'notification')
          void queryClient.invalidateQueries({ queryKey: notificationListKey });
      },
    });
  }, [userId, queryClient]);
}
