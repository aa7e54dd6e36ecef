import { useQuery } from '@tanstack/react-query';
import type { SetPage } from '@common/schemas/feed';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SetPageData extends SetPage {
  /** The cursor of the comments' next page (GET /api/workouts/:id/comments), null when there is none. */
  commentsNext: string | null;
}

/** GET /api/sets/:id: a set with its kudos and its first page of comments. */
export async function getSetPage(id: number, signal?: AbortSignal): Promise<SetPageData> {
  const { data, headers } = await request<SetPage>(`/api/sets/${id}`, { signal });
  return { ...data, commentsNext: headers.get(NEXT_CURSOR_HEADER) };
}

export const useSetPage = (id: number) =>
  useQuery({ queryKey: queryKeys.setPage(id), queryFn: ({ signal }) => getSetPage(id, signal) });
