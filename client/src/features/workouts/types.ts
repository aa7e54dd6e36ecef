import type { PublicWorkout, Workout } from '@common/schemas/workouts';

/**
 * A workout as the lists show it: the member's own carry their notes, and the moderator's mark
 * when one hid it from the boards, and when they last edited it.
 */
export type ListedWorkout = PublicWorkout & Partial<Pick<Workout, 'notes' | 'hidden' | 'updatedAt'>>;
