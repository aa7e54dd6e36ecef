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
