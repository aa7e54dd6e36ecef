import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { userQueryKey } from './get-user';
import { t } from '@lingui/core/macro';

export const login = (body: LoginInput) => api<User>('/api/login', { method: 'POST', body });

export function useLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Data of a previous user must not show for this one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: t`Logged in`, description: t`Welcome back, ${user.username}!` });
      onSuccess?.(user);
    },
    onError: (error) =>
      toast({ title: t`Login failed`, description: error.message, variant: 'destructive' }),
  });
}
