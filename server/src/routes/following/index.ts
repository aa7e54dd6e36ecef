// The following module's entry: what the rest of the server imports from routes/following/
// (app.ts also registers ./following.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { followCounts, followingSet, isFollowing } from './following.service';
