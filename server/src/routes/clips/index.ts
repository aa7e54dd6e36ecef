// The clips module's entry: what the rest of the server imports from routes/clips/ (app.ts also
// registers ./clips.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { clipProbes } from './clip-probes.plugin';
export { exportClips } from './clips.service';
