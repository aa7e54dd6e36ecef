import type { CatalogueEntry } from './challenges';

// The five challenges, each declared whole: how it is run, scored and ranked, how it may be
// counted, which boards it has, its legacy names and its words. Screens, routes, SQL and tests read
// these; a sixth challenge is one more entry here (docs/decisions/0212-a-challenge-is-one-entry.md).
// Rulings: push-ups docs/product.md#challenges; burpees and the plank 0098; the last two 0213.

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'pushup-90',
    title: '90 Second Push-up Challenge',
    description: 'Do as many push-ups as you can in 90 seconds, with a timer and voice coaching.',
    duration: '90 seconds',
    difficulty: 'intermediate',
    focus: ['strength', 'endurance'],
    icon: 'dumbbell',
    color: 'emerald',
    slug: '90second',
    isDefault: true,
    scoring: { kind: 'reps', unit: 'push-ups', unitOne: 'push-up', label: 'Push-ups', min: 1, max: 300 },
    timer: { mode: 'countdown', seconds: 90, cues: [75, 60, 30, 20, 10] },
    counting: ['taps', 'camera'],
    boards: ['everyone', 'verified'],
    // The specification's first names: the `pushups` field beside `score`, the `/90second` home
    // (its slug), the stats page at /90second-profile and a save's hash without its challenge.
    legacy: { scoreField: 'pushups', statsFields: true, unnamedInHash: true, statsAlias: '/90second-profile' },
    words: {
      timerTitle: 'Push-up timer',
      statsTitle: 'Push-up stats',
      totalLabel: 'Total Push-ups',
      howTo:
        'Tap Start, get into position during the 3-2-1, then do as many push-ups as you can. Tap the counter (with your chest or nose) for each push-up, or enter the count at the end.',
      logIntro: 'Record a set of push-ups you did without the timer.',
      share: 'I did {score} in 90 seconds on {app}',
      beatMe: 'Can you beat my {score} in 90 seconds on {app}?',
      rangeErrors: {
        required: 'Push-ups are required',
        notWhole: 'Push-ups must be a whole number',
        tooLow: 'Please enter a number greater than zero',
        tooHigh: 'Push-ups must be at most {max}',
      },
    },
  },
  {
    id: 'nickels-dimes',
    title: 'Nickels and Dimes',
    description:
      'As many rounds as you can in 15 minutes of 5 push-ups (knees allowed) and 10 air squats: a first test for every level.',
    duration: '15-20 minutes',
    difficulty: 'beginner',
    focus: ['full body', 'strength'],
    icon: 'coins',
    color: 'amber',
    slug: 'nickels-dimes',
    homeWhenClosed: true,
    scoring: { kind: 'rounds', unit: 'reps', unitOne: 'rep', label: 'Reps', min: 1, max: 900, repsPerRound: 15 },
    timer: {
      mode: 'rounds',
      seconds: 15 * 60,
      round: [
        { name: 'push-ups', reps: 5, note: 'knees allowed' },
        { name: 'air squats', reps: 10 },
      ],
      cueEverySeconds: 60,
      finalSeconds: 10,
    },
    counting: ['taps'],
    boards: ['everyone'],
    words: {
      howTo:
        'Tap Start, get into position during the 3-2-1, then do 5 push-ups (on your knees if you need to) and 10 air squats, again and again for 15 minutes. Tap Round done after each round; at the end, enter the reps of the round you were in.',
      share: 'I did {score} in Nickels and Dimes on {app}',
      beatMe: 'Can you beat my {score} in Nickels and Dimes on {app}?',
    },
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
    slug: 'burpees-or-bust',
    homeWhenClosed: true,
    scoring: { kind: 'reps', unit: 'burpees', unitOne: 'burpee', label: 'Burpees', min: 1, max: 150 },
    timer: { mode: 'countdown', seconds: 120, cues: [90, 60, 30, 20, 10] },
    counting: ['taps'],
    boards: ['everyone'],
    words: {},
  },
  {
    id: 'mfm-challenge',
    title: 'The MFM Challenge',
    description:
      'For time, capped at 30 minutes: 40 burpees, 80 push-ups, 120 air squats and 160 sit-ups, in that order.',
    duration: '30 minutes',
    difficulty: 'advanced',
    focus: ['cardio', 'endurance', 'strength'],
    icon: 'mountain',
    color: 'violet',
    slug: 'mfm-challenge',
    scoring: {
      kind: 'for-time',
      unit: 'reps',
      unitOne: 'rep',
      label: 'Time',
      min: 1,
      max: 399,
      capSeconds: 30 * 60,
      totalReps: 400,
      fastestSeconds: 6 * 60,
    },
    timer: {
      mode: 'for-time',
      capSeconds: 30 * 60,
      parts: [
        { name: 'burpees', reps: 40 },
        { name: 'push-ups', reps: 80 },
        { name: 'air squats', reps: 120 },
        { name: 'sit-ups', reps: 160 },
      ],
      tapReps: 10,
      cueEverySeconds: 5 * 60,
    },
    counting: ['taps'],
    boards: ['everyone'],
    words: {
      howTo:
        'Tap Start, get into position during the 3-2-1, then work through 40 burpees, 80 push-ups, 120 air squats and 160 sit-ups in that order, as fast as you can. Tap +10 (or +1) as you go; Next moves to the next movement. The clock stops at 30:00.',
      share: 'I finished The MFM Challenge in {score} on {app}',
      shareCapped: 'I did {score} in The MFM Challenge on {app}',
      beatMe: 'Can you beat my {score} in The MFM Challenge on {app}?',
    },
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
    slug: 'plank-drop',
    scoring: { kind: 'seconds', unit: 'seconds', unitOne: 'second', label: 'Seconds held', min: 1, max: 36_000 },
    timer: { mode: 'stopwatch', cueEverySeconds: 30 },
    counting: ['taps'],
    boards: ['everyone'],
    words: {},
  },
];
