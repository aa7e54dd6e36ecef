import { Coins, Dumbbell, Flame, Mountain, Timer, type LucideProps } from 'lucide-react';
import type { Challenge } from '@common/challenges';

const ICONS = { dumbbell: Dumbbell, coins: Coins, flame: Flame, mountain: Mountain, timer: Timer };

export function ChallengeIcon({ icon, ...props }: { icon: Challenge['icon'] } & LucideProps) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" {...props} />;
}

// Full class names so Tailwind sees them.
export const CHALLENGE_COLORS: Record<string, string> = {
  emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  rose: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  sky: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

/** The strip above the navigation on a challenge's screens (app/layout/challenge-strip.tsx): white text on -700. */
export const CHALLENGE_STRIP_COLORS: Record<string, { bar: string; sub: string }> = {
  emerald: { bar: 'border-emerald-800 bg-emerald-700', sub: 'text-emerald-50' },
  amber: { bar: 'border-amber-800 bg-amber-700', sub: 'text-amber-50' },
  rose: { bar: 'border-rose-800 bg-rose-700', sub: 'text-rose-50' },
  violet: { bar: 'border-violet-800 bg-violet-700', sub: 'text-violet-50' },
  sky: { bar: 'border-sky-800 bg-sky-700', sub: 'text-sky-50' },
};
