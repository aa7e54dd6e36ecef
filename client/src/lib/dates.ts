import { format, startOfWeek } from 'date-fns';

// The three date formats (docs/product.md#constants); weeks start on Sunday.
export const DATE_FORMATS = {
  short: 'MM/dd/yyyy',
  medium: 'MMM d, y',
  full: 'EEEE, MMMM do, y',
} as const;

export const WEEK_STARTS_ON = 0;

type DateLike = Date | string | number;
const toDate = (d: DateLike) => (d instanceof Date ? d : new Date(d));

export const formatShort = (d: DateLike) => format(toDate(d), DATE_FORMATS.short);
// Without date-fns, for the boards and profiles that show only this one (medium-date.ts).
export { formatMedium } from './medium-date';
export const formatFull = (d: DateLike) => format(toDate(d), DATE_FORMATS.full);
export const formatTime = (d: DateLike) => format(toDate(d), 'h:mm a');
export const weekStart = (d: DateLike) => startOfWeek(toDate(d), { weekStartsOn: WEEK_STARTS_ON });
