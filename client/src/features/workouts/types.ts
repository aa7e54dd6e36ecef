import type { PublicWorkout, Workout } from '@common/schemas/workouts';

/**
 * A workout as the lists show it: the member's own carry their notes, and the moderator's mark
 * when one hid it from the boards, and when they last edited it. `capped`: a for-time run that
 * reached the cap (answers carry it only then).
 */
export type ListedWorkout = PublicWorkout &
  Partial<Pick<Workout, 'notes' | 'hidden' | 'updatedAt' | 'tierNote'>> & { capped?: boolean };
