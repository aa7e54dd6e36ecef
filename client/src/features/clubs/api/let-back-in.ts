import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * DELETE /api/clubs/:slug/removals/:username (admins): a member an admin removed may join again
 * (docs/decisions/0208-club-removal-is-recorded.md).
 */
export const letBackIn = ({ slug, username }: { slug: string; username: string }) =>
  api<null>(`/api/clubs/${encodeURIComponent(slug)}/removals/${encodeURIComponent(username)}`, {
    method: 'DELETE',
  });

export function useLetBackIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: letBackIn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.clubs }),
  });
}
