// What the timer shows after a run starts (the discard question, the count entry, then Workout
// Saved with its share menu and today's rank): loaded once the member starts a run, not before the
// timer's first paint.
// docs/decisions/0172-timer-finish-loaded-on-start.md
export { TodayRank } from '@/features/leaderboard/components/today-rank';
export { DiscardDialog } from '@/features/timer/components/discard-dialog';
export { WorkoutSaved } from '@/features/share/components/workout-saved';
export { CountEntry } from '@/features/workouts/components/count-entry';
export { WhereYouStand } from '@/features/standing/components/where-you-stand';
export { PlanAfterSave } from '@/features/plans/components/plan-after-save';
