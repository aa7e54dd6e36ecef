import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@common/schemas/recovery';
import { api } from '@/lib/api-client';

/** POST /api/email/change: a link goes to the new address; the account changes when it is followed. */
export const changeEmail = (body: ChangeEmailInput) =>
  api<{ message: string }>('/api/email/change', { method: 'POST', body });

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
