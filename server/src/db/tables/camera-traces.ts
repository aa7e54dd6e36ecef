import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { workouts } from './workouts';

/**
 * The camera trace a camera-counted set was saved with (times in ms, face sizes in thousandths
 * of the frame width, and the calibrated top; common/schemas/verification.ts): the recount of
 * the set's proof clip compares the clip's own face track with it
 * (docs/decisions/0242-what-a-recount-matches.md). Gone with the workout.
 */
export const cameraTraces = pgTable('camera_traces', {
  workoutId: integer('workout_id')
    .primaryKey()
    .references(() => workouts.id, { onDelete: 'cascade' }),
  top: integer('top').notNull(),
  t: jsonb('t').$type<number[]>().notNull(),
  s: jsonb('s').$type<number[]>().notNull(),
  createdAt: createdAt(),
});
