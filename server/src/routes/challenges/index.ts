// The challenges module's entry: what the rest of the server imports from routes/challenges/
// (app.ts also registers ./challenges.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { openChallenge } from './challenges.service';
