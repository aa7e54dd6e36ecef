import { PUSHUPS_MAX } from '@common/constants';
import { formatCount } from '@/lib/format-number';

/** The count typed into the stepper: non-numeric input is 0, never below 0, whole, at most the maximum. */
export function parseCount(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return clampCount(Number.isFinite(n) ? n : 0);
}

export function clampCount(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(PUSHUPS_MAX, Math.max(0, Math.trunc(n)));
}

/** "1 push-up", "12 push-ups". */
export const pushupsLabel = (n: number) => `${formatCount(n)} push-up${n === 1 ? '' : 's'}`;
