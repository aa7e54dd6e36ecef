// Every count the app shows goes through here: "12,540", one style on every screen. English
// grouping, as the app's dates are English (client/src/lib/dates.ts).
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators: 12540 -> "12,540". */
export const formatCount = (n: number) => COUNT.format(n);
