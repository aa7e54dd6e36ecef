import type { QueryClient } from '@tanstack/react-query';
import { statsQueryKey } from './get-stats';
import { workoutsQueryKey } from './get-workouts';
import { queryKeys } from '@/lib/query-keys';

// What a saved or deleted workout changes: own workouts and stats, every leaderboard period and
// filter, and public profiles (['users', username]).
export function invalidateWorkoutData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workoutsQueryKey }),
    queryClient.invalidateQueries({ queryKey: statsQueryKey }),
    queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  ]);
}
