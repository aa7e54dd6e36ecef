import type { QueryClient } from '@tanstack/react-query';
import { statsQueryKey } from './get-stats';
import { workoutsQueryKey } from './get-workouts';

// What a saved or deleted workout changes: own workouts and stats, every leaderboard period and
// filter, and public profiles (['users', username]).
export function invalidateWorkoutData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workoutsQueryKey }),
    queryClient.invalidateQueries({ queryKey: statsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);
}
