import { useMutation } from '@tanstack/react-query';
import type { RequestResetInput } from '@common/schemas/recovery';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (body: RequestResetInput) =>
  api<{ message: string }>('/api/password-reset', { method: 'POST', body });

/** "Forgot password?": the server answers the same whether or not an account uses the address. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
