// The account module's entry: what the rest of the server imports from routes/account/ (app.ts
// also registers ./account.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { confirmPassword, newPasswordProblem } from './account.service';
