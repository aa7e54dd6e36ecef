import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { queryKeys } from '@/lib/query-keys';

/** PUT (follow) or DELETE (unfollow) /api/following/:username (docs/product.md#following). */
export const setFollowing = (username: string, follow: boolean) =>
  api<null>(`/api/following/${encodeURIComponent(username)}`, {
    method: follow ? 'PUT' : 'DELETE',
  });

/** Follows or unfollows; the profiles' counts and the Following boards are asked for again. */
export function useFollowMember(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(username, follow),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
      ]),
    onError: (error, follow) =>
      toast({
        title: follow ? t`Could not follow` : t`Could not unfollow`,
        description: error.message,
        variant: 'destructive',
      }),
  });
}
