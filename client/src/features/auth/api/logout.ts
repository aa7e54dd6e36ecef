import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import type { User } from '@common/schemas/auth';
import { forgetMember } from '@/lib/offline/forget-member';
import { userQueryKey } from './get-user';

export const logout = () => api<null>('/api/logout', { method: 'POST' });

// Logout clears the user and stays on the page (protected pages then send the visitor to /auth).
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const userId = queryClient.getQueryData<User | null>(userQueryKey)?.id;
      await forgetMember(userId).catch(() => undefined);
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    },
    onError: (error) =>
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
}
