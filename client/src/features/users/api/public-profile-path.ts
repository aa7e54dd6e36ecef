/**
 * GET /api/users/:username. Apart from get-public-profile.ts (and without TanStack Query) so the
 * app's first script can ask for a profile while the profile's code still loads.
 */
export const publicProfilePath = (username: string) => `/api/users/${encodeURIComponent(username)}`;
