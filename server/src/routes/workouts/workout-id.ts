import { z } from 'zod';
import { plainText } from '@common/schemas/text';

// PostgreSQL's int4, the type of workout ids: a larger number names no row.
export const INT4_MAX = 2_147_483_647;

/** `:id` of a workout route (its delete, its proof clip): a whole number within int4. */
export const workoutIdParamsSchema = z.object({
  // Only plain decimal digits: Number() would also take ' 1\n', '0x1f' or '1e3'.
  id: plainText('The workout id')
    .regex(/^-?[0-9.]+$/, 'The workout id must be a number')
    // As the description gives it: a whole number from 1 to int4's largest (read from the path).
    .meta({ type: 'integer', minimum: 1, maximum: INT4_MAX })
    .transform(Number)
    .pipe(
      z
        .number({ error: 'The workout id must be a number' })
        .int('The workout id must be a whole number')
        .min(1, 'The workout id must be positive')
        // Beyond int4 PostgreSQL would throw (a 500); no such row can exist anyway.
        .max(INT4_MAX, 'The workout id is too large'),
    ),
});
