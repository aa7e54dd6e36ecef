// Every query's key, in one place: one feature's data is refreshed by another (a save refreshes
// boards and profiles) through these, never through literals that could drift apart.
export const queryKeys = {
  /** The signed-in member (null when signed out). */
  user: ['user'] as const,
  /** Every public profile; one profile under it. */
  users: ['users'] as const,
  publicProfile: (username: string) => ['users', username] as const,
  /** Every board and standing; one board or the member's own standing under it. */
  leaderboard: ['leaderboard'] as const,
  board: <F>(period: string, tz: string, filters: F) => ['leaderboard', period, tz, filters] as const,
  myStanding: (period: string, tz: string, kind: string) => ['leaderboard', period, tz, 'me', kind] as const,
  /** The member's stats, per time zone under it. */
  stats: ['stats'] as const,
  /** The member's workouts, every page size under it. */
  workouts: ['workouts'] as const,
  sessions: ['sessions'] as const,
  /** Saves waiting on this device for one member. */
  outbox: (userId: number) => ['outbox', userId] as const,
};
