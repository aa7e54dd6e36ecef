// The moderation module's entry: what the rest of the server imports from routes/moderation/
// (app.ts also registers ./moderation.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { listModerators, setModerator } from './moderation.service';
export { awaitingAmong } from './awaiting-review';
