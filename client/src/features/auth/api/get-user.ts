import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@common/schemas/auth';
import { api } from '@/lib/api-client';

// The current user; a 401 means signed out (null), not an error.
export const getUser = () => api<User | null>('/api/user', { nullOn401: true });

export const userQueryKey = ['user'] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
