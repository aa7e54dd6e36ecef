import { useQuery } from '@tanstack/react-query';
import type { ClubDetail } from '@common/schemas/clubs';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/clubs/:slug (an invite-only club needs its code unless the viewer is in it). */
export function getClub(slug: string, code?: string, signal?: AbortSignal): Promise<ClubDetail> {
  const query = code ? `?${new URLSearchParams({ code })}` : '';
  return api<ClubDetail>(`/api/clubs/${encodeURIComponent(slug)}${query}`, { signal });
}

export function useClub(slug: string, code?: string) {
  return useQuery({
    queryKey: queryKeys.club(slug, code),
    queryFn: ({ signal }) => getClub(slug, code, signal),
    // A 404 is an answer (no such club, or not for this viewer), not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
