import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { publicProfilePath } from './public-profile-path';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users/:username: public fields, stats and recent workouts (404 for an unknown name). */
export const getPublicProfile = (username: string, signal?: AbortSignal) =>
  api<PublicProfile>(publicProfilePath(username), { signal });

// ['users', username]: saving or deleting a workout invalidates ['users'].
export const publicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.publicProfile(username),
    queryFn: ({ signal }) => getPublicProfile(username, signal),
    // The spec: loading a public profile retries once (every other query does not retry).
    retry: 1,
  });

export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
