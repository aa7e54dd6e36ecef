import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@common/schemas/account';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/sessions: where the user is signed in, newest first. */
export const getSessions = () => api<Session[]>('/api/sessions');

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.sessions, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
