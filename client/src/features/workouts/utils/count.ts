import { PUSHUPS_MAX } from '@common/constants';
import { formatCount } from '@/lib/format-number';

/** Most a set can count, as the save schema says it (common/schemas/workouts.ts). */
export const COUNT_TOO_HIGH = `Push-ups must be at most ${PUSHUPS_MAX}`;

/**
 * The count typed into the stepper: non-numeric input is 0, never below 0, whole. A count above
 * the maximum is kept as typed, so the field can say why it cannot be saved rather than change it
 * silently (docs/decisions/0093-count-and-time-ranges-under-the-field.md).
 */
export function parseCount(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

/** Within 0..PUSHUPS_MAX, for the minus and plus buttons. */
export function clampCount(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(PUSHUPS_MAX, Math.max(0, Math.trunc(n)));
}

/** The message under the count for a count that cannot be saved for being too high, or null. */
export const countTooHigh = (n: number) => (n > PUSHUPS_MAX ? COUNT_TOO_HIGH : null);

/** "1 push-up", "12 push-ups". */
export const pushupsLabel = (n: number) => `${formatCount(n)} push-up${n === 1 ? '' : 's'}`;
