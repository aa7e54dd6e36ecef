import type { PushSubscriptionBody } from '@common/schemas/reminders';
import { api } from '@/lib/api-client';

/** POST /api/reminders/push-subscriptions: this device's subscription. */
export const addPushSubscription = (body: PushSubscriptionBody) =>
  api<null>('/api/reminders/push-subscriptions', { method: 'POST', body });
