import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KudosState } from '@common/schemas/feed';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT (give) or DELETE (take back) /api/workouts/:id/kudos. */
export const setKudos = (id: number, give: boolean) =>
  api<KudosState>(`/api/workouts/${id}/kudos`, { method: give ? 'PUT' : 'DELETE' });

/** Gives or takes back kudos; the feed and the set's page are asked for again. */
export function useSetKudos(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (give: boolean) => setKudos(id, give),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
    onError: (error, give) =>
      toast({
        title: give ? 'Could not give kudos' : 'Could not take back kudos',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
