// The client-side challenge catalogue (docs/product.md#challenges). Icons are lucide names resolved in the client.
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface Challenge {
  id: string;
  title: string;
  description: string;
  duration: string;
  difficulty: Difficulty;
  focus: string[];
  icon: 'dumbbell' | 'coins' | 'flame' | 'mountain' | 'timer';
  color: string;
  isActive: boolean;
  /** Route of the challenge home, where one exists. */
  path?: string;
}

export const CHALLENGES: readonly Challenge[] = [
  {
    id: 'pushup-90',
    title: '90 Second Push-up Challenge',
    description: 'Do as many push-ups as you can in 90 seconds, with a timer and voice coaching.',
    duration: '90 seconds',
    difficulty: 'intermediate',
    focus: ['strength', 'endurance'],
    icon: 'dumbbell',
    color: 'emerald',
    isActive: true,
    path: '/90second',
  },
  {
    id: 'nickels-dimes',
    title: 'Nickels and Dimes',
    description: 'Alternate pull-ups and push-ups through a ladder of nickels and dimes.',
    duration: '15-20 minutes',
    difficulty: 'beginner',
    focus: ['full body', 'strength'],
    icon: 'coins',
    color: 'amber',
    isActive: false,
    path: '/nickels-dimes',
  },
  {
    id: 'burpees-or-bust',
    title: 'Burpees or Bust',
    description: 'As many burpees as you can manage in two all-out minutes.',
    duration: '2 minutes',
    difficulty: 'advanced',
    focus: ['cardio', 'strength', 'endurance'],
    icon: 'flame',
    color: 'rose',
    isActive: false,
    path: '/burpees-or-bust',
  },
  {
    id: 'mfm-challenge',
    title: 'The MFM Challenge',
    description: 'A half-hour grinder of running, pull-ups, push-ups and squats.',
    duration: '30 minutes',
    difficulty: 'advanced',
    focus: ['cardio', 'endurance', 'strength'],
    icon: 'mountain',
    color: 'violet',
    isActive: false,
  },
  {
    id: 'plank-drop',
    title: 'Plank Till You Drop',
    description: 'Hold a plank for as long as your core allows.',
    duration: 'variable',
    difficulty: 'intermediate',
    focus: ['core', 'endurance'],
    icon: 'timer',
    color: 'sky',
    isActive: false,
  },
];

export function challengeForPath(pathname: string): Challenge | undefined {
  return CHALLENGES.find((c) => c.path && (pathname === c.path || pathname.startsWith(`${c.path}/`)));
}
