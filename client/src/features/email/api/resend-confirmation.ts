import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/email/confirmation: a new link to confirm the signed-in member's address. */
export const resendConfirmation = () =>
  api<{ message: string }>('/api/email/confirmation', { method: 'POST' });

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
