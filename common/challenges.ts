// The one challenge catalogue (docs/product.md#challenges): what each challenge is, how it is scored
// and timed, and where its screens live. Client routes, the strip, the catalogue screen, the server's
// validation and the leaderboard all read it; nothing else names a challenge. Which entries are open
// is an operator's setting (CHALLENGES, server/src/env.ts); docs/decisions/0098-challenge-catalogue.md.
// Icons are lucide names resolved in the client. No zod here: the client's screens import it.

import { CATALOGUE } from './challenge-entries.ts';
import type { NormId } from './norms.ts';

export { CATALOGUE };

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A challenge's id: a key of the catalogue, stored with every workout and board. */
export type ChallengeId = string;

interface ScoringBase {
  /** The unit in a sentence, plural and singular: "42 burpees", "1 burpee". */
  unit: string;
  unitOne: string;
  /** The score's name on a form or a column ("Push-ups", "Seconds held"). */
  label: string;
  /** The range of a score as sent: for 'for-time', of the reps done at the cap. */
  min: number;
  max: number;
}

/**
 * How a set is scored. Every score is one whole number (`score`), with `capped` beside it for a
 * 'for-time' set that reached the cap. Ranking: `rankValue` (more ranks higher, always).
 * - reps: a count done in the time; seconds: the time held;
 * - rounds: total reps of as many rounds as possible (rounds x repsPerRound + the extra reps);
 * - for-time: the seconds to finish all `totalReps` (fastestSeconds..capSeconds), or, capped, the
 *   reps done by the cap (min..max); every finisher ranks above every capped set.
 */
export type Scoring =
  | (ScoringBase & { kind: 'reps' })
  | (ScoringBase & { kind: 'seconds' })
  | (ScoringBase & { kind: 'rounds'; repsPerRound: number })
  | (ScoringBase & {
      kind: 'for-time';
      capSeconds: number;
      totalReps: number;
      fastestSeconds: number;
    });
export type ScoringKind = Scoring['kind'];

/** One movement of an interval program: "5 push-ups (knees allowed)". */
export interface Movement {
  name: string;
  reps: number;
  note?: string;
}

export type Timer =
  /** A fixed time; `cues` are the seconds left at which a cue is spoken (the end is always spoken). */
  | { mode: 'countdown'; seconds: number; cues: number[] }
  /** Counts up until the member stops it; a cue every `cueEverySeconds`. */
  | { mode: 'stopwatch'; cueEverySeconds: number }
  /**
   * As many rounds as possible of `round` in `seconds`: a tap per finished round. Cues every
   * `cueEverySeconds` left and each of the last `finalSeconds`.
   */
  | {
      mode: 'rounds';
      seconds: number;
      round: Movement[];
      cueEverySeconds: number;
      finalSeconds: number;
    }
  /**
   * The `parts` in order, as fast as possible, stopped at `capSeconds`: a tap per `tapReps` reps (or
   * per rep), "next" moves on. Cues every `cueEverySeconds` and at each movement's change.
   */
  | {
      mode: 'for-time';
      capSeconds: number;
      parts: Movement[];
      tapReps: number;
      cueEverySeconds: number;
    };
export type TimerMode = Timer['mode'];

/** How a set's score may be counted: taps (or typed), or the device's camera too. */
export type Counting = 'taps' | 'camera';
/** The boards a challenge has: everyone's, and a Verified-only one for camera-counted sets. */
export type BoardKind = 'everyone' | 'verified';

/** The specification's first names for the default challenge, kept at the edges. */
export interface Legacy {
  /** The score's first name in requests and answers, beside `score` ("pushups"). */
  scoreField?: string;
  /** Stats also under their first names (lastPushups, bestPushups, totalPushups). */
  statsFields?: boolean;
  /** A save's idempotency hash leaves the challenge out (saves made before there were others). */
  unnamedInHash?: boolean;
  /** An older address of its stats page. */
  statsAlias?: string;
}

/** A challenge's own words; each has a default made from the rest of the entry (`wordsOf`). */
export interface Words {
  timerTitle?: string;
  statsTitle?: string;
  /** The stats tile of the total: "Total Push-ups". */
  totalLabel?: string;
  /** What the idle timer screen asks the member to do. */
  howTo?: string;
  /** Under the Log Workout heading. */
  logIntro?: string;
  /** Share texts: {score} the formatted score, {app} the app's name. */
  share?: string;
  shareCapped?: string;
  beatMe?: string;
  /** A score's range messages ({min}, {max}): the specification's words for push-ups. */
  rangeErrors?: { required: string; notWhole: string; tooLow: string; tooHigh: string };
}

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
  /** The challenge a request or a screen means when it names none (one entry: the specification's). */
  isDefault?: boolean;
  /** Only a challenge with a defined workout (scoring and timer) can be opened. */
  scoring?: Scoring;
  timer?: Timer;
  /** How a score may be counted; taps only when absent. */
  counting?: Counting[];
  /** Its boards; everyone's only when absent. */
  boards?: BoardKind[];
  legacy?: Legacy;
  words?: Words;
  /** Published norms its scores may be compared with (common/norms.ts); none when absent. */
  norms?: NormId[];
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

/** The catalogue's default entry: the one a request without `challenge` means. */
export const defaultEntry = (entries: readonly CatalogueEntry[] = CATALOGUE): CatalogueEntry =>
  entries.find((e) => e.isDefault) ?? entries[0]!;

/** The default challenge's id (the specification's push-up challenge). Pass it; do not compare with it. */
export const DEFAULT_CHALLENGE: ChallengeId = defaultEntry().id;
/** CHALLENGES when unset: the catalogue as the product specification describes it. */
export const DEFAULT_OPEN_CHALLENGES: readonly ChallengeId[] = [DEFAULT_CHALLENGE];

/** The entry `id` names, or the default one (an old set, or a request that names none). */
export function entryOf<E extends CatalogueEntry>(
  id: ChallengeId | null | undefined,
  entries: readonly E[],
): E;
export function entryOf(id: ChallengeId | null | undefined): CatalogueEntry;
export function entryOf(
  id: ChallengeId | null | undefined,
  entries: readonly CatalogueEntry[] = CATALOGUE,
): CatalogueEntry {
  return entries.find((e) => e.id === id) ?? defaultEntry(entries);
}

/** The entry `id` names, if any. */
export const findEntry = <E extends CatalogueEntry>(
  id: ChallengeId | null | undefined,
  entries: readonly E[],
): E | undefined => entries.find((e) => e.id === id);

/** Whether `id` names the catalogue's default entry (for the legacy edges only). */
export const isDefaultId = (
  id: ChallengeId | null | undefined,
  entries: readonly CatalogueEntry[] = CATALOGUE,
) => defaultEntry(entries).id === (id ?? defaultEntry(entries).id);

/** Whether `a` and `b` name the same challenge (either may be left out: the default). */
export const sameChallenge = (
  a: ChallengeId | null | undefined,
  b: ChallengeId | null | undefined,
) => (a ?? DEFAULT_CHALLENGE) === (b ?? DEFAULT_CHALLENGE);

/** Whether the challenge may be counted by the device's camera. */
export const countsByCamera = (c: Pick<CatalogueEntry, 'counting'>) =>
  c.counting?.includes('camera') ?? false;
/** Whether the challenge has a Verified-only board. */
export const hasVerifiedBoard = (c: Pick<CatalogueEntry, 'boards'>) =>
  c.boards?.includes('verified') ?? false;
/** The score's first name in requests and answers ("pushups"), where the entry has one. */
export const legacyScoreField = (c: Pick<CatalogueEntry, 'legacy'>) => c.legacy?.scoreField;

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

export * from './challenge-scores.ts';
export * from './challenge-words.ts';

/** The entry a camera counts (the one that declares camera counting): its countdown times a camera run. */
const CAMERA_ENTRY = CATALOGUE.find(countsByCamera);
if (CAMERA_ENTRY?.timer?.mode !== 'countdown')
  throw new Error('The camera-counted challenge must be a countdown');
/** How long a camera run lasts, in seconds: the camera-counted challenge's countdown (90 for push-ups). */
export const CAMERA_RUN_SECONDS: number = CAMERA_ENTRY.timer.seconds;
