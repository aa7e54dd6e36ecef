import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ClubList } from '@common/schemas/clubs';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clubs: my clubs, and a page of public clubs I am not in (by name when `q` is given). */
export function listClubs(q: string, offset: number, signal?: AbortSignal): Promise<ClubList> {
  const params = new URLSearchParams({ offset: String(offset) });
  if (q.trim()) params.set('q', q.trim());
  return api<ClubList>(`/api/clubs?${params}`, { signal });
}

/** The list, page after page of public clubs (More clubs). */
export function useClubList(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.clubList(q.trim()),
    queryFn: ({ pageParam, signal }) => listClubs(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    // A new search keeps the previous results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** The clubs I am in (their boards are offered beside Everyone and Following); members only. */
export function useMyClubs({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.myClubs,
    queryFn: ({ signal }) => listClubs('', 0, signal),
    enabled,
    select: (list) => list.mine,
  });
}
