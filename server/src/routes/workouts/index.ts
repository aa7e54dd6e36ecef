// The workouts module's entry: what the rest of the server imports from routes/workouts/ (app.ts
// also registers ./workouts.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { saveQueue } from './save-queue.plugin';
export { decodedCursor, encodeCursor } from './workout-cursor';
export { publicColumns, toWorkoutDto } from './workout-dto';
export { workoutIdParamsSchema } from './workout-id';
export { listWorkouts } from './workout-list';
export { getStats } from './workout-stats';
export { notHidden } from './not-hidden';
