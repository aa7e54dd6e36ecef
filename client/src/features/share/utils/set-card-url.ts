/**
 * The share card of one set (GET /api/share-cards/sets/{id}.png): public, so offered only for a
 * member who is not private (docs/decisions/0226-a-sets-share-card.md).
 */
export const setCardUrl = (workoutId: number) =>
  `${window.location.origin}/api/share-cards/sets/${workoutId}.png`;
