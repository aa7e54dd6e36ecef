// DATE_FORMATS.medium of dates.ts ('MMM d, y': "Nov 3, 2026") without date-fns, whose format()
// and English locale are JS every page would load (sizes: docs/benchmarks.md): the leaderboard rows and a public profile show no other
// format, so their first paint waits for no date library. dates.test.ts checks that both agree.
// docs/decisions/0068-lighthouse-leaderboard-and-profile.md
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatMedium(d: Date | string | number): string {
  const date = d instanceof Date ? d : new Date(d);
  // As date-fns's format() does.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Nov 3, 2026, 3:45 PM": formatMedium and dates.ts's formatTime ('h:mm a'), without date-fns. */
export function formatMediumWithTime(d: Date | string | number): string {
  const date = d instanceof Date ? d : new Date(d);
  const h = date.getHours();
  const time = `${h % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  return `${formatMedium(date)}, ${time}`;
}
