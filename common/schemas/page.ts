// The query fields of a list read a page at a time (GET /api/workouts, /api/following, a board...).
import { z } from 'zod';
import { plainText } from './text';

/** `limit`: how many rows, a whole number from 1 to `max`; `fallback` when absent. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** `cursor`: opaque; pass back the X-Next-Cursor header of the previous page unchanged. */
export const pageCursor = () =>
  plainText('cursor')
    .min(1, 'cursor must not be empty')
    .max(200, 'cursor is not valid')
    // The form a cursor has (base64url); what it holds is the server's to check.
    .meta({
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'Opaque: the X-Next-Cursor header of the previous page, unchanged. Any other value is refused.',
    })
    .optional();
