// The plans module's entry: what the rest of the server imports from routes/plans/ (app.ts also
// registers ./plans.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { dueSql } from './due-sql';
