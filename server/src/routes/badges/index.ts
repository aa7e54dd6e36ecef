// The badges module's entry: what the rest of the server imports from routes/badges/ (app.ts also
// registers ./badges.routes.ts). The plans code calls awardPlanFinished when a plan ends.
export { awardPlanFinished, badgesOf, getAchievements } from './badges.service';
