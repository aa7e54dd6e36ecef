import { useQuery } from '@tanstack/react-query';
import type { SetPage } from '@common/schemas/feed';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/sets/:id: a set with its kudos and comments. */
export const getSetPage = (id: number, signal?: AbortSignal) =>
  api<SetPage>(`/api/sets/${id}`, { signal });

export const useSetPage = (id: number) =>
  useQuery({ queryKey: queryKeys.setPage(id), queryFn: ({ signal }) => getSetPage(id, signal) });
