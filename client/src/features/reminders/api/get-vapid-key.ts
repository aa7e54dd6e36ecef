import type { VapidKey } from '@common/schemas/reminders';
import { api } from '@/lib/api-client';

/** GET /api/reminders/vapid-key: the server's public key, asked for only when push is turned on. */
export const getVapidKey = () => api<VapidKey>('/api/reminders/vapid-key');
