import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/comments/:id: its author, or the owner of the set. */
export const deleteComment = (id: number) => api<null>(`/api/comments/${id}`, { method: 'DELETE' });

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
    onError: (error) =>
      toast({
        title: 'Could not delete the comment',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
