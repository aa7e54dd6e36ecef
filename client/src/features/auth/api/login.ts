import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { userQueryKey } from './get-user';

export const login = (body: LoginInput) => api<User>('/api/login', { method: 'POST', body });

export function useLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Data of a previous user must not show for this one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: 'Logged in', description: `Welcome back, ${user.username}!` });
      onSuccess?.(user);
    },
    onError: (error) =>
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });
}
