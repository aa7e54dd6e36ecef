// The email module's entry: what the rest of the server imports from routes/email/ (app.ts also
// registers ./email.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { markConfirmed, sendConfirmation } from './email.service';
