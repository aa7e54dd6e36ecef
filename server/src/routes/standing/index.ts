// The standing module's entry (app.ts registers ./standing.routes.ts).
export { readStanding } from './standing.service';
