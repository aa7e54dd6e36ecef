import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@common/schemas/notifications';
import { api } from '@/lib/api-client';
import { notificationSettingsKey } from './keys';

/** PUT /api/notifications/settings. */
export const putNotificationSettings = (body: NotificationSettings) =>
  api<NotificationSettings>('/api/notifications/settings', { method: 'PUT', body });

export function usePutNotificationSettings({ onError }: { onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
    onError,
  });
}
