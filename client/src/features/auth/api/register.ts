import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_NAME } from '@common/constants';
import type { RegisterInput, User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { userQueryKey } from './get-user';
import { t } from '@lingui/core/macro';

export const register = (body: RegisterInput) =>
  api<User>('/api/register', { method: 'POST', body });

export function useRegister({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: t`Registration successful`,
        description: t`Welcome to ${APP_NAME}, ${user.username}! Your first challenge is waiting.`,
      });
      onSuccess?.(user);
    },
    onError: (error) =>
      toast({ title: t`Registration failed`, description: error.message, variant: 'destructive' }),
  });
}
