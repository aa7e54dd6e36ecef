import { z } from 'zod';
import type { Scoring } from '../challenges';
import { CUSTOM_TIME_MAX_DAYS } from '../constants';

// Club challenges (docs/decisions/0258-club-challenges.md): a club's admin sets one of the open
// challenges over a span of calendar days, with a target or none; the club's members are ranked by
// their best set in it. The days are each member's own (docs/decisions/0259-club-challenge-days.md).

/** The longest challenge, in days (first and last included). */
export const CLUB_CHALLENGE_DAYS_MAX = 90;
/** How far back a challenge may start: as far back as a member may date a set. */
export const CLUB_CHALLENGE_START_BACK_DAYS = CUSTOM_TIME_MAX_DAYS;
/** How far ahead a challenge may start. */
export const CLUB_CHALLENGE_START_AHEAD_DAYS = 365;
/** Challenges of a club not yet ended, at most (a club's list stays readable). */
export const CLUB_CHALLENGES_OPEN_MAX = 10;
/** Entries a challenge's board shows. */
export const CLUB_CHALLENGE_BOARD_MAX = 100;
export const CLUB_CHALLENGE_STATUSES = ['upcoming', 'current', 'ended'] as const;
export type ClubChallengeStatus = (typeof CLUB_CHALLENGE_STATUSES)[number];

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `v` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(v: string): boolean {
  if (!DATE_PATTERN.test(v)) return false;
  // A month or day out of range ("2026-13-45") is no date at all (Invalid Date, not a throw).
  const at = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === v;
}
/** Days from `a` to `b` (YYYY-MM-DD): 0 for the same day. */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The targets a challenge takes: a score to reach (reps, rounds' reps, seconds held), or for a
 * challenge done for time the time to finish within, in seconds.
 */
export function targetRangeOf(scoring: Scoring): { min: number; max: number; unit: string } {
  if (scoring.kind === 'for-time')
    return { min: scoring.fastestSeconds, max: scoring.capSeconds, unit: 'seconds to finish' };
  return { min: scoring.min, max: scoring.max, unit: scoring.unit };
}

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(DATE_PATTERN, `${label} must be a date (YYYY-MM-DD)`)
    .meta({ description: `${label}: a calendar date, YYYY-MM-DD.` });

/**
 * A new club challenge. What JSON Schema cannot say (a real calendar date, the last day on or
 * after the first, at most 90 days: `clubChallengeDayErrors`; the target's range and the start's
 * bounds) the server checks once it knows the club and its admin, and the client's form too.
 */
export const createClubChallengeSchema = z.object({
  challenge: z.string({ error: 'Choose a challenge' }).min(1, 'Choose a challenge').max(64),
  startDate: dateField('Start date'),
  endDate: dateField('End date'),
  /** Optional: none (null or absent) is a challenge without a target. */
  target: z
    .number({ error: 'The target must be a number' })
    .int('The target must be a whole number')
    .min(1, 'The target must be at least 1')
    .nullable()
    .optional(),
});

/** The days' errors by field: real dates, the last on or after the first, at most 90 days. */
export function clubChallengeDayErrors(v: {
  startDate: string;
  endDate: string;
}): Partial<Record<'startDate' | 'endDate', string>> {
  const errors: Partial<Record<'startDate' | 'endDate', string>> = {};
  if (!isCalendarDate(v.startDate))
    errors.startDate = v.startDate
      ? 'Start date must be a date (YYYY-MM-DD)'
      : 'Start date is required';
  if (!isCalendarDate(v.endDate))
    errors.endDate = v.endDate ? 'End date must be a date (YYYY-MM-DD)' : 'End date is required';
  if (errors.startDate || errors.endDate) return errors;
  const days = daysBetween(v.startDate, v.endDate) + 1;
  if (days < 1) errors.endDate = 'The end date must be on or after the start date';
  else if (days > CLUB_CHALLENGE_DAYS_MAX)
    errors.endDate = `A challenge lasts at most ${CLUB_CHALLENGE_DAYS_MAX} days`;
  return errors;
}
export type CreateClubChallengeInput = z.input<typeof createClubChallengeSchema>;
export type CreateClubChallenge = z.output<typeof createClubChallengeSchema>;

export const clubChallengeParamsSchema = z.object({
  slug: z.string(),
  id: z.coerce
    .number({ error: 'No such challenge' })
    .int('No such challenge')
    .min(1, 'No such challenge')
    .max(2_147_483_647, 'No such challenge'),
});

export const clubChallengeSchema = z.object({
  id: z.number().int(),
  /** The catalogue id of the challenge. */
  challenge: z.string(),
  /** Calendar days, first and last included, in each member's own zone. */
  startDate: z.string(),
  endDate: z.string(),
  /** A score to reach (for a challenge done for time: the seconds to finish within), or null. */
  target: z.number().int().nullable(),
  /** The admin who set it (null when their account is gone). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Upcoming or current as the viewer's own days say; ended once every zone's last day has ended. */
  status: z.enum(CLUB_CHALLENGE_STATUSES),
  /** The viewer's window (their zone, UTC for a visitor): [startsAt, endsAt). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the last zone's last day ends: the result is shown from then. */
  resultsAt: z.string(),
});
export type ClubChallenge = z.infer<typeof clubChallengeSchema>;

export const clubChallengeListSchema = z.object({
  current: z.array(clubChallengeSchema),
  upcoming: z.array(clubChallengeSchema),
  /** The latest ended ones, newest first. */
  ended: z.array(clubChallengeSchema),
});
export type ClubChallengeList = z.infer<typeof clubChallengeListSchema>;

export const clubChallengeEntrySchema = z.object({
  rank: z.number().int(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  /** Their best set in their window: its score, cap mark and time. */
  score: z.number().int(),
  capped: z.boolean(),
  createdAt: z.string(),
  /** Whether the best reaches the target (false when there is none). */
  reachedTarget: z.boolean(),
});
export type ClubChallengeEntry = z.infer<typeof clubChallengeEntrySchema>;

export const clubChallengeDetailSchema = clubChallengeSchema.extend({
  /** Ranked by each member's best in their window, ties sharing a rank; at most CLUB_CHALLENGE_BOARD_MAX. */
  entries: z.array(clubChallengeEntrySchema),
  /** Members with a set in their window (on the board, as the viewer may see it). */
  participants: z.number().int(),
  /** Of them, those whose best reaches the target (null without a target). */
  reached: z.number().int().nullable(),
  /** The signed-in viewer's own entry, when they have one. */
  me: clubChallengeEntrySchema.nullable(),
  /** Once ended: the PNG result card's address (what a visitor of the club sees). */
  cardUrl: z.string().nullable(),
});
export type ClubChallengeDetail = z.infer<typeof clubChallengeDetailSchema>;
