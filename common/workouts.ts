// Workout headers and rules without zod, so the client's screens that only need these load no
// schema code (docs/decisions/0068-lighthouse-leaderboard-and-profile.md). ./schemas/workouts.ts
// re-exports them.
/** Response header carrying the cursor of the next page of GET /api/workouts (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** Request header of POST /api/workouts: a UUID made once per save attempt (docs/product.md#idempotent-saves). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Whether a save beat the member's previous best (a first workout has nothing to beat). */
export const isNewPersonalBest = (w: { score: number; previousBest: number | null }) =>
  w.previousBest !== null && w.score > w.previousBest;
