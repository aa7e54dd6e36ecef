import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResetLinkState } from '@common/schemas/recovery';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/password-reset/check: whether a reset link works; asking does not use it. */
export const checkResetLink = (token: string, signal?: AbortSignal) =>
  api<ResetLinkState>('/api/password-reset/check', { method: 'POST', body: { token }, signal });

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.resetLink(token),
    queryFn: ({ signal }) => checkResetLink(token, signal),
    // The token is a secret: not written to the device's cache, dropped once the page is left.
    meta: { keep: false },
    gcTime: 0,
  });

/** Asked as the reset page opens, so a used or expired link is said before any typing. */
export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled: token !== '' });
}
