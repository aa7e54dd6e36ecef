// The database's tables, by what they hold (server/src/db/tables/). drizzle-kit reads this file
// (drizzle.config.ts) and the app imports its tables from here; migrations are made from it by
// `npm run db:generate`.
export * from './tables/members';
export * from './tables/workouts';
export * from './tables/leaderboard';
export * from './tables/moderation';
export * from './tables/system';
export * from './tables/social';
export * from './tables/badges';
export * from './tables/standing';
export * from './tables/plans';
export * from './tables/reminders';
export * from './tables/recounts';
export * from './tables/club-challenges';
export * from './tables/camera-traces';
export * from './tables/feed';
export * from './tables/notifications';
