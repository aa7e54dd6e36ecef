import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsResponse } from '@common/schemas/reminders';
import { api } from '@/lib/api-client';
import { remindersKey } from './get-reminders';

/** PUT /api/reminders: all the settings at once; the answer is the settings as saved. */
export const putReminders = (body: ReminderSettings) =>
  api<ReminderSettingsResponse>('/api/reminders', { method: 'PUT', body });

export function usePutReminders({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReminders,
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
    onError,
  });
}
