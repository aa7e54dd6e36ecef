import { cn } from '@/lib/utils';

// The run screen's layout, shared by every kind of run (timer-screen.tsx, program-run.tsx).

// Keys that must keep their own meaning while a hold runs (a focused Cancel, mute or link).
export const OWN_KEYS = 'button, a, input, textarea, select, [role="button"]';

// Phones held sideways (landscape, at most 32rem high): two columns, the ring beside the pad.
// Tailwind needs each class written out whole, hence the repeated variant.
export const RUN_LAYOUT = cn(
  'flex h-[calc(100dvh-2rem)] flex-col gap-2',
  '[@media(orientation:landscape)_and_(max-height:32rem)]:grid [@media(orientation:landscape)_and_(max-height:32rem)]:grid-cols-2 [@media(orientation:landscape)_and_(max-height:32rem)]:grid-rows-[auto_auto_auto_minmax(0,1fr)_auto] [@media(orientation:landscape)_and_(max-height:32rem)]:gap-x-4',
);
export const IN_RIGHT_COLUMN = '[@media(orientation:landscape)_and_(max-height:32rem)]:col-start-2';
export const IN_LEFT_COLUMN =
  '[@media(orientation:landscape)_and_(max-height:32rem)]:col-start-1 [@media(orientation:landscape)_and_(max-height:32rem)]:row-span-3 [@media(orientation:landscape)_and_(max-height:32rem)]:row-start-2 [@media(orientation:landscape)_and_(max-height:32rem)]:self-center';
export const ACROSS = '[@media(orientation:landscape)_and_(max-height:32rem)]:col-span-2';
/** A right column that takes every row beside the ring (a program's panel and its controls). */
export const BESIDE_RING =
  '[@media(orientation:landscape)_and_(max-height:32rem)]:row-span-4 [@media(orientation:landscape)_and_(max-height:32rem)]:row-start-2';
