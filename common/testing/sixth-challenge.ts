import { CATALOGUE, type CatalogueEntry } from '../challenges';

// A sixth challenge that exists only in tests: an interval program (as many rounds as possible of
// lunges and sit-ups), counted by taps only, on everyone's board only. Its tests (server and
// client) show that a challenge is one catalogue entry: it gets its home, timer, board, stats and
// API from this entry alone (docs/decisions/0212-a-challenge-is-one-entry.md).
export const SIXTH: CatalogueEntry = {
  id: 'lunge-ladder',
  title: 'Lunge Ladder',
  description: 'As many rounds as you can in 10 minutes of 10 lunges and 10 sit-ups.',
  duration: '10 minutes',
  difficulty: 'intermediate',
  focus: ['legs', 'core'],
  icon: 'flame',
  color: 'amber',
  slug: 'lunge-ladder',
  scoring: {
    kind: 'rounds',
    unit: 'reps',
    unitOne: 'rep',
    label: 'Reps',
    min: 1,
    max: 600,
    repsPerRound: 20,
  },
  timer: {
    mode: 'rounds',
    seconds: 600,
    round: [
      { name: 'lunges', reps: 10 },
      { name: 'sit-ups', reps: 10 },
    ],
    cueEverySeconds: 60,
    finalSeconds: 10,
  },
  counting: ['taps'],
  boards: ['everyone'],
};

/** The shipped catalogue and the sixth entry. */
export const WITH_SIXTH: readonly CatalogueEntry[] = [...CATALOGUE, SIXTH];
