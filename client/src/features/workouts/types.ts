import type { PublicWorkout } from '@common/schemas/workouts';

/** A workout as the lists show it: the member's own carry their notes. */
export type ListedWorkout = PublicWorkout & { notes?: string | null };
