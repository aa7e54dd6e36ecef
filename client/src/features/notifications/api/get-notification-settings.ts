import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@common/schemas/notifications';
import { api } from '@/lib/api-client';
import { notificationSettingsKey } from './keys';

/** GET /api/notifications/settings: the daily digest's opt-in. */
export const getNotificationSettings = () =>
  api<NotificationSettings>('/api/notifications/settings');

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationSettingsKey, queryFn: getNotificationSettings });
