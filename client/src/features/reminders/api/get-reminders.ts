import { useQuery } from '@tanstack/react-query';
import type { ReminderSettingsResponse } from '@common/schemas/reminders';
import { api } from '@/lib/api-client';

/** The reminders' query key (this feature's alone). */
export const remindersKey = ['reminders'] as const;

/** GET /api/reminders: the member's reminder settings and how many devices get pushes. */
export const getReminders = () => api<ReminderSettingsResponse>('/api/reminders');

export const useReminders = () => useQuery({ queryKey: remindersKey, queryFn: getReminders });
