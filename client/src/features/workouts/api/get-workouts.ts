import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ChallengeId } from '@common/challenges';
import type { Workout } from '@common/schemas/workouts';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { api, request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const workoutsQueryKey = queryKeys.workouts;

const withChallenge = (params: URLSearchParams, challenge: ChallengeId | undefined) => {
  if (challenge) params.set('challenge', challenge);
  return params;
};

/**
 * The signed-in user's workouts, newest first (the server's first page of 100): one challenge's,
 * or every challenge's when `challenge` is absent.
 */
export const getWorkouts = (challenge?: ChallengeId) => {
  const query = withChallenge(new URLSearchParams(), challenge).toString();
  return api<Workout[]>(query ? `/api/workouts?${query}` : '/api/workouts');
};

// ['workouts', challenge | 'all'], under ['workouts'] that a save invalidates.
export const workoutsQueryOptions = (challenge?: ChallengeId) =>
  queryOptions({
    queryKey: [...workoutsQueryKey, challenge ?? 'all'] as const,
    queryFn: () => getWorkouts(challenge),
  });

export function useWorkouts({
  enabled = true,
  challenge,
}: { enabled?: boolean; challenge?: ChallengeId } = {}) {
  return useQuery({ ...workoutsQueryOptions(challenge), enabled });
}

export const WORKOUT_PAGE_SIZE = 20;

export interface WorkoutPage {
  items: Workout[];
  nextCursor: string | null;
}

/** One page of workouts; the next page's cursor comes in the X-Next-Cursor header (docs/decisions/0009). */
export async function getWorkoutPage({
  cursor,
  limit = WORKOUT_PAGE_SIZE,
  challenge,
}: {
  cursor?: string;
  limit?: number;
  challenge?: ChallengeId;
}): Promise<WorkoutPage> {
  const params = withChallenge(new URLSearchParams({ limit: String(limit) }), challenge);
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await request<Workout[]>(`/api/workouts?${params}`);
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

// Under ['workouts', ...] so that invalidating ['workouts'] refreshes the paged history too.
export const workoutPagesQueryOptions = (limit = WORKOUT_PAGE_SIZE, challenge?: ChallengeId) =>
  infiniteQueryOptions({
    queryKey: [...workoutsQueryKey, 'pages', challenge ?? 'all', limit] as const,
    queryFn: ({ pageParam }) => getWorkoutPage({ cursor: pageParam, limit, challenge }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useWorkoutPages({
  enabled = true,
  limit,
  challenge,
}: { enabled?: boolean; limit?: number; challenge?: ChallengeId } = {}) {
  return useInfiniteQuery({ ...workoutPagesQueryOptions(limit, challenge), enabled });
}
