import { api } from '@/lib/api-client';

/** DELETE /api/reminders/push-subscriptions: this device stops getting pushes. */
export const removePushSubscription = (endpoint: string) =>
  api<null>('/api/reminders/push-subscriptions', { method: 'DELETE', body: { endpoint } });
