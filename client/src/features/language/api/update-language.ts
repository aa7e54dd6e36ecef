import type { AnyLanguage } from '@common/languages';
import type { User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';

/** Saves the member's language on their account (null: follow the browser). */
export const updateLanguage = (language: AnyLanguage | null) =>
  api<User>('/api/profile', { method: 'PATCH', body: { language } });
