// The feed module's entry: what the rest of the server imports from routes/feed/ (app.ts also
// registers ./feed.routes.ts and ./comment-moderation.routes.ts).
// docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { reportComment } from './comment-moderation';
