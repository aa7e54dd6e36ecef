// Apart from dates.ts (date-fns): the app's first script reads the zone to ask for a board early
// (app/route-data.ts), and `/` must not load date-fns (docs/decisions/1252-js-budget-on-root.md).

/** The viewer's IANA time zone, sent to the leaderboard (docs/product.md#leaderboard-periods). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
