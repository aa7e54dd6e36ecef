import { USER_QUERY_KEY } from './user-query-key';

// Every query's key, in one place: one feature's data is refreshed by another (a save refreshes
// boards and profiles) through these, never through literals that could drift apart.
export const queryKeys = {
  /** The signed-in member (null when signed out). */
  user: USER_QUERY_KEY,
  /** Every public profile; one profile under it. */
  users: ['users'] as const,
  publicProfile: (username: string) => ['users', username] as const,
  /** Every board and standing; one board or the member's own standing under it. */
  leaderboard: ['leaderboard'] as const,
  /** One challenge's board (its id first, so one challenge's boards share a prefix). */
  board: <F>(challenge: string, period: string, tz: string, filters: F) =>
    ['leaderboard', challenge, period, tz, filters] as const,
  myStanding: (challenge: string, period: string, tz: string, kind: string) =>
    ['leaderboard', challenge, period, tz, 'me', kind] as const,
  /** Every club list and club; one club (as the viewer sees it, with an invite code or not) under it. */
  clubs: ['clubs'] as const,
  clubList: (q: string) => ['clubs', 'list', q] as const,
  /** The clubs I am in, for the board's scope selector. */
  myClubs: ['clubs', 'mine'] as const,
  club: (slug: string, code?: string) => ['clubs', 'one', slug, code ?? null] as const,
  /** A club's board: under ['leaderboard'], so a save or a delete refreshes it with the others. */
  clubBoard: <F>(slug: string, challenge: string, period: string, tz: string, filters: F) =>
    ['leaderboard', 'club', slug, challenge, period, tz, filters] as const,
  /** A club's challenges, and one with its board: under ['leaderboard'], so a save refreshes them. */
  clubChallenges: (slug: string) => ['leaderboard', 'club-challenges', slug] as const,
  clubChallenge: (slug: string, id: number) =>
    ['leaderboard', 'club-challenges', slug, id] as const,
  /** The member's stats, per time zone under it. */
  stats: ['stats'] as const,
  /** My badges and streaks: under ['stats'] and ['users'], so a save or a delete refreshes them. */
  myAchievements: ['stats', 'achievements'] as const,
  publicAchievements: (username: string) => ['users', username, 'achievements'] as const,
  /** The member's workouts, every page size under it. */
  workouts: ['workouts'] as const,
  sessions: ['sessions'] as const,
  /** Everything a moderator reads (the queue, the log, the boards' awaiting-review marks). */
  moderation: ['moderation'] as const,
  /** Whether a password reset link still works (never kept on the device: the key holds its token). */
  resetLink: (token: string) => ['reset-link', token] as const,
  /** What the signed-in member has reported (their Report buttons say "Reported"). */
  myReports: ['reports', 'mine'] as const,
  /** The feed, and every set's page and comments under it (a kudos or a comment refreshes them). */
  feed: ['feed'] as const,
  setPage: (id: number) => ['feed', 'set', id] as const,
  comments: (id: number) => ['feed', 'comments', id] as const,
  /** Saves waiting on this device for one member. */
  outbox: (userId: number) => ['outbox', userId] as const,
};
