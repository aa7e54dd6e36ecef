// The clubs module's entry: what the rest of the server imports from routes/clubs/ (app.ts also
// registers ./clubs.routes.ts, ./club-challenges.routes.ts and ./club-pages.routes.ts). docs/decisions/0214-the-leaderboard-module-and-server-fences.md
export { clubCardFacts, publicClubsOf } from './clubs.service';
export { clubChallengeCardFacts } from './club-challenges.service';
