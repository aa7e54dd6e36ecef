import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionState } from '@common/schemas/auth';
import { api } from '@/lib/api-client';

// The current user, or null when signed out. GET /api/session answers a visitor with 200 and
// { user: null }, so a visitor's page load logs no failed request (GET /api/user would be a 401).
export const getUser = async () => (await api<SessionState>('/api/session')).user;

export const userQueryKey = ['user'] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
