import { useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@common/schemas/notifications';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { request } from '@/lib/api-client';
import { notificationListKey } from './keys';

export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}

/** GET /api/notifications: newest first, a page at a time (cursor in X-Next-Cursor). */
export async function getNotifications(cursor?: string, signal?: AbortSignal) {
  const path = cursor
    ? `/api/notifications?cursor=${encodeURIComponent(cursor)}`
    : '/api/notifications';
  const { data, headers } = await request<Notification[]>(path, { signal });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) } satisfies NotificationPage;
}

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: notificationListKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
