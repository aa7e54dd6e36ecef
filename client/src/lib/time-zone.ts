// Apart from dates.ts (date-fns): the app's first script reads the zone to ask for a board early
// (app/route-data.ts), and `/` must not load date-fns (docs/decisions/0061-js-budget-on-root.md).

type TemporalNow = { Now: { timeZoneId(): string } };

/** The viewer's IANA time zone, sent to the leaderboard (docs/product.md#leaderboard-periods). */
export function viewerTimeZone(): string {
  try {
    // Temporal answers at once; a browser's first Intl.DateTimeFormat loads its locale data, 20-30
    // ms of main thread on a fast machine (docs/decisions/0068-lighthouse-leaderboard-and-profile.md).
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    const zone = temporal?.Now.timeZoneId();
    if (zone) return zone;
  } catch {
    // Fall back to Intl.
  }
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
