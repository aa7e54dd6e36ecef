// The one challenge catalogue (docs/product.md#challenges): what each challenge is, how it is scored
// and timed, and where its screens live. Client routes, the strip, the catalogue screen, the server's
// validation and the leaderboard all read it; nothing else names a challenge. Which entries are open
// is an operator's setting (CHALLENGES, server/src/env.ts); docs/decisions/0098-challenge-catalogue.md.
// Icons are lucide names resolved in the client. No zod here: the client's screens import it.

import { PUSHUPS_MAX, PUSHUPS_MIN } from './constants';

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A challenge's id: a key of the catalogue, stored with every workout and board. */
export type ChallengeId = string;

export interface Scoring {
  /** reps: a count done in the time; seconds: the time held. */
  kind: 'reps' | 'seconds';
  /** The unit in a sentence, plural and singular: "42 burpees", "1 burpee". */
  unit: string;
  unitOne: string;
  /** The score's name on a form or a column ("Push-ups", "Seconds held"). */
  label: string;
  min: number;
  max: number;
}

export type Timer =
  /** A fixed time; `cues` are the seconds left at which a cue is spoken (the end is always spoken). */
  | { mode: 'countdown'; seconds: number; cues: number[] }
  /** Counts up until the member stops it; a cue every `cueEverySeconds`. */
  | { mode: 'stopwatch'; cueEverySeconds: number };

export interface CatalogueEntry {
  id: ChallengeId;
  title: string;
  description: string;
  duration: string;
  difficulty: Difficulty;
  focus: string[];
  icon: 'dumbbell' | 'coins' | 'flame' | 'mountain' | 'timer';
  color: string;
  /** The path segment of the challenge's home (`/90second`), where it has one. */
  slug?: string;
  /** Its home shows "Coming Soon" while it is not open (the specification's routes); else it has none. */
  homeWhenClosed?: boolean;
  /** Only a challenge with a defined workout (scoring and timer) can be opened. */
  scoring?: Scoring;
  timer?: Timer;
}

/** A catalogue entry as a screen or a response sees it: whether the operator opened it. */
export interface Challenge extends CatalogueEntry {
  isActive: boolean;
  /** Route of the challenge home, where one exists. */
  path?: string;
}

/** A challenge members can take: open, with its scoring, timer and home. */
export type OpenChallenge = Challenge & {
  slug: string;
  path: string;
  scoring: Scoring;
  timer: Timer;
};

export const DEFAULT_CHALLENGE = 'pushup-90';
/** CHALLENGES when unset: the catalogue as the product specification describes it. */
export const DEFAULT_OPEN_CHALLENGES: readonly ChallengeId[] = [DEFAULT_CHALLENGE];

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
    scoring: {
      kind: 'reps',
      unit: 'push-ups',
      unitOne: 'push-up',
      label: 'Push-ups',
      min: PUSHUPS_MIN,
      max: PUSHUPS_MAX,
    },
    timer: { mode: 'countdown', seconds: 90, cues: [75, 60, 30, 20, 10] },
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
    slug: 'nickels-dimes',
    homeWhenClosed: true,
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
    scoring: {
      kind: 'reps',
      unit: 'burpees',
      unitOne: 'burpee',
      label: 'Burpees',
      min: 1,
      max: 150,
    },
    timer: { mode: 'countdown', seconds: 120, cues: [90, 60, 30, 20, 10] },
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
    scoring: {
      kind: 'seconds',
      unit: 'seconds',
      unitOne: 'second',
      label: 'Seconds held',
      min: 1,
      max: 36_000,
    },
    timer: { mode: 'stopwatch', cueEverySeconds: 30 },
  },
];

/** Whether an entry defines a workout, so that the operator's setting can open it. */
export const canOpen = (e: CatalogueEntry) => Boolean(e.scoring && e.timer && e.slug);

/** The catalogue with each entry's open state; a closed challenge keeps only a Coming Soon home. */
export function catalogueWith(
  open: readonly ChallengeId[],
  entries: readonly CatalogueEntry[] = CATALOGUE,
): Challenge[] {
  return entries.map((e) => {
    const isActive = canOpen(e) && open.includes(e.id);
    const hasHome = e.slug && (isActive || e.homeWhenClosed);
    return { ...e, isActive, ...(hasHome ? { path: `/${e.slug}` } : {}) };
  });
}

/** The open challenges of a catalogue, in catalogue order. */
export const openChallenges = (challenges: readonly Challenge[]) =>
  challenges.filter(
    (c): c is OpenChallenge => c.isActive && Boolean(c.scoring && c.timer && c.slug),
  );

/** The catalogue as shipped (only the push-up challenge open): tests and the server's defaults. */
export const CHALLENGES: readonly Challenge[] = catalogueWith(DEFAULT_OPEN_CHALLENGES);

export function challengeForPath(
  pathname: string,
  challenges: readonly Challenge[] = CHALLENGES,
): Challenge | undefined {
  const lower = pathname.toLowerCase();
  return challenges.find((c) => c.path && (lower === c.path || lower.startsWith(`${c.path}/`)));
}

/** Whole seconds as m:ss, or h:mm:ss from an hour: 65 -> "1:05", 3725 -> "1:02:05". */
export function formatHold(totalSeconds: number): string {
  const s = Math.max(0, Math.trunc(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A score with its unit, as boards and stats show it: "42 burpees", "1 push-up", "3:25 held". */
export function formatScore(scoring: Scoring, score: number): string {
  if (scoring.kind === 'seconds') return `${formatHold(score)} held`;
  return `${score} ${score === 1 ? scoring.unitOne : scoring.unit}`;
}

/** A score without words, for tight columns: "42", "3:25". */
export const formatScoreShort = (scoring: Scoring, score: number) =>
  scoring.kind === 'seconds' ? formatHold(score) : String(score);

/**
 * The message for a score outside the challenge's range, naming the range in its unit. Push-ups keep
 * the words the specification gives them.
 */
export function scoreRangeError(
  c: { id: ChallengeId; scoring: Scoring },
  score: number,
): string | null {
  const { scoring } = c;
  if (Number.isInteger(score) && score >= scoring.min && score <= scoring.max) return null;
  if (c.id === DEFAULT_CHALLENGE) {
    if (!Number.isInteger(score)) return 'Push-ups must be a whole number';
    return score < scoring.min
      ? 'Please enter a number greater than zero'
      : `Push-ups must be at most ${scoring.max}`;
  }
  if (scoring.kind === 'seconds')
    return `The hold must be a whole number of seconds from ${scoring.min} to ${scoring.max} (${formatHold(scoring.min)} to ${formatHold(scoring.max)})`;
  return `${scoring.label} must be a whole number from ${scoring.min} to ${scoring.max}`;
}

/**
 * How long a set of this score took, in seconds, when the score is itself a time (a hold): the
 * set began that long before it ended. null when the score is a count.
 */
export const timedScoreSeconds = (scoring: Scoring, score: number): number | null =>
  scoring.kind === 'seconds' ? score : null;

/**
 * A timed score that would have begun before its owner joined: a hold of S seconds cannot end
 * less than S seconds after the account was made (docs/decisions/0204-a-hold-begins-after-joining.md).
 * `at` is when the set ended (its createdAt); null when the set fits.
 */
export function timedScoreStartError(
  scoring: Scoring,
  score: number,
  at: Date,
  joinedAt: Date | undefined,
): string | null {
  const seconds = timedScoreSeconds(scoring, score);
  if (seconds === null || !joinedAt) return null;
  if (at.getTime() - seconds * 1000 >= joinedAt.getTime()) return null;
  return `A ${formatHold(seconds)} hold ending then would have begun before you joined FitBench`;
}
