import { useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@common/schemas/notifications';
import { api } from '@/lib/api-client';
import { unreadCountKey } from './keys';

/** GET /api/notifications/unread-count: the bell's number (the stream keeps it current after). */
export const getUnreadCount = () => api<UnreadCount>('/api/notifications/unread-count');

export const useUnreadCount = (enabled: boolean) =>
  useQuery({ queryKey: unreadCountKey, queryFn: getUnreadCount, enabled });
