// The recovery module's entry: what the rest of the server imports from routes/recovery/ (app.ts
// also registers ./recovery.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { RESET_TTL_MS, resetUrl } from './recovery.service';
