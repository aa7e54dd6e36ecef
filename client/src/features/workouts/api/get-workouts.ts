import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Workout } from '@common/schemas/workouts';
import { NEXT_CURSOR_HEADER } from '@common/workouts';
import { api, request } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const workoutsQueryKey = queryKeys.workouts;

/** The signed-in user's workouts, newest first (the server's first page of 100). */
export const getWorkouts = () => api<Workout[]>('/api/workouts');

export const workoutsQueryOptions = () =>
  queryOptions({ queryKey: workoutsQueryKey, queryFn: getWorkouts });

export function useWorkouts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...workoutsQueryOptions(), enabled });
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
}: {
  cursor?: string;
  limit?: number;
}): Promise<WorkoutPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await request<Workout[]>(`/api/workouts?${params}`);
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

// Under ['workouts', ...] so that invalidating ['workouts'] refreshes the paged history too.
export const workoutPagesQueryOptions = (limit = WORKOUT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...workoutsQueryKey, 'pages', limit] as const,
    queryFn: ({ pageParam }) => getWorkoutPage({ cursor: pageParam, limit }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useWorkoutPages({
  enabled = true,
  limit,
}: { enabled?: boolean; limit?: number } = {}) {
  return useInfiniteQuery({ ...workoutPagesQueryOptions(limit), enabled });
}
