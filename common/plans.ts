// A plan's arithmetic (docs/decisions/0227-what-a-plan-asks-for.md, 0228-a-plans-calendar.md):
// pure, so that the server stores what it computes and the client can show the same numbers. A
// challenge allows a plan by its scoring kind and timer mode, never by its id.

import type { CatalogueEntry, Scoring, Timer } from './challenges';
import { localDate as zoneDate } from './zone-clock';

/** What a set counts: reps, seconds held, or whole rounds of the challenge's round. */
export type PlanUnit = 'reps' | 'seconds' | 'rounds';

/** How a challenge's plan is built; `null` from `planShapeOf` when its kind allows none. */
export interface PlanShape {
  unit: PlanUnit;
  /** How many sets (or holds, or blocks of rounds) a training session has. */
  sets: number;
  restSeconds: number;
  /** The top set as a share of the placing score, by step (0..5); steps grow steadily. */
  fractions: readonly number[];
  /** The most one set may ask for, in the unit (the challenge's plausible range). */
  maxPerSet: number;
  /** Reps per round, for 'rounds' (a score of total reps becomes whole rounds). */
  repsPerRound: number;
}

/** One session's prescription: the sets in order, the rest between them. */
export interface Prescription {
  unit: PlanUnit;
  sets: number[];
  restSeconds: number;
  /** The last set is "at least" its number: the member goes on while the form holds. */
  lastAtLeast: boolean;
}

export type PlanSessionKind = 'session' | 'retest';

/** A session of the plan, before it has a date: week 1..6, its place in the week 1..3. */
export interface PlannedSession {
  week: number;
  slot: number;
  kind: PlanSessionKind;
  /** Null for a re-test: the challenge's own test is the prescription. */
  prescription: Prescription | null;
}

export const PLAN_WEEKS = 6;
export const SESSIONS_PER_WEEK = 3;
export const PLAN_SESSIONS = PLAN_WEEKS * SESSIONS_PER_WEEK;
/** The weeks whose last session is a re-test. */
export const RETEST_WEEKS: readonly number[] = [2, 4, 6];
/** A week's top set is at most this much above the last week's (rounded down, but at least +1). */
export const MAX_WEEKLY_GROWTH = 0.15;

const REPS_FRACTIONS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75] as const;
const ROUNDS_FRACTIONS = [0.3, 0.34, 0.38, 0.42, 0.46, 0.5] as const;

/** The shape of a challenge's plan, decided from its scoring kind and timer mode; null: no plan. */
export function planShapeOf(entry: Pick<CatalogueEntry, 'scoring' | 'timer'>): PlanShape | null {
  const { scoring, timer } = entry;
  if (!scoring || !timer) return null;
  return shapeFor(scoring, timer);
}

function shapeFor(scoring: Scoring, timer: Timer): PlanShape | null {
  if (scoring.kind === 'reps' && timer.mode === 'countdown') {
    return {
      unit: 'reps',
      sets: 5,
      restSeconds: 60,
      fractions: REPS_FRACTIONS,
      maxPerSet: scoring.max,
      repsPerRound: 1,
    };
  }
  if (scoring.kind === 'seconds' && timer.mode === 'stopwatch') {
    return {
      unit: 'seconds',
      sets: 4,
      restSeconds: 60,
      fractions: REPS_FRACTIONS,
      maxPerSet: scoring.max,
      repsPerRound: 1,
    };
  }
  if (scoring.kind === 'rounds' && timer.mode === 'rounds') {
    return {
      unit: 'rounds',
      sets: 3,
      restSeconds: 90,
      fractions: ROUNDS_FRACTIONS,
      maxPerSet: Math.floor(scoring.max / scoring.repsPerRound),
      repsPerRound: scoring.repsPerRound,
    };
  }
  // 'for-time' (and any pairing not above): no plan; 0227 says why.
  return null;
}

export const allowsPlan = (entry: Pick<CatalogueEntry, 'scoring' | 'timer'>) =>
  planShapeOf(entry) !== null;

/** A test's score in the plan's unit: whole rounds for 'rounds' (at least 1). */
export function levelOf(shape: PlanShape, score: number): number {
  const whole = Math.max(1, Math.floor(score));
  return shape.unit === 'rounds' ? Math.max(1, Math.floor(whole / shape.repsPerRound)) : whole;
}

/** The most a week's top set may be after a week whose top set was `last`. */
export const allowedAfter = (last: number) =>
  last + Math.max(1, Math.floor(last * MAX_WEEKLY_GROWTH));

/**
 * The top set of each of the six weeks, from the placing scores so far: `placings[0]` the test that
 * placed the plan, `placings[k]` the re-test at the end of week 2k. A stage (two weeks) is placed by
 * its latest placing; a re-test below the one before repeats the last stage's steps (the plan moves
 * back) and the week after it is no harder than the week before. Every week stays within the
 * growth rule and the plausible range.
 */
export function weekTops(shape: PlanShape, placings: readonly number[]): number[] {
  if (placings.length === 0) throw new Error('A plan is placed by a test');
  const levels = placings.map((p) => levelOf(shape, p));
  const tops: number[] = [];
  let base = 0;
  let movedBack = false;
  for (let week = 0; week < PLAN_WEEKS; week++) {
    const stage = Math.floor(week / 2);
    if (week % 2 === 0 && stage > 0) {
      const known = stage < levels.length;
      movedBack = known && levels[stage]! < levels[stage - 1]!;
      base = movedBack ? base : base + 2;
    }
    const level = levels[Math.min(stage, levels.length - 1)]!;
    const step = Math.min(base + (week % 2), shape.fractions.length - 1);
    let top = Math.max(1, Math.round(level * shape.fractions[step]!));
    const last = tops[week - 1];
    if (last !== undefined) {
      top = Math.min(top, allowedAfter(last));
      if (movedBack && week % 2 === 0) top = Math.min(top, last);
    }
    tops.push(Math.min(top, shape.maxPerSet));
  }
  return tops;
}

/** A training session's sets from its week's top set. */
export function prescriptionOf(shape: PlanShape, top: number): Prescription {
  const lighter = Math.max(1, Math.round(top * 0.8));
  const sets =
    shape.unit === 'reps'
      ? [top, top, lighter, lighter, top]
      : Array.from({ length: shape.sets }, () => top);
  return {
    unit: shape.unit,
    sets,
    restSeconds: shape.restSeconds,
    lastAtLeast: shape.unit === 'reps',
  };
}

/** The plan's eighteen sessions, in order, from the placing scores so far. */
export function planSessions(shape: PlanShape, placings: readonly number[]): PlannedSession[] {
  const tops = weekTops(shape, placings);
  const out: PlannedSession[] = [];
  for (let week = 1; week <= PLAN_WEEKS; week++) {
    for (let slot = 1; slot <= SESSIONS_PER_WEEK; slot++) {
      const retest = slot === SESSIONS_PER_WEEK && RETEST_WEEKS.includes(week);
      out.push({
        week,
        slot,
        kind: retest ? 'retest' : 'session',
        prescription: retest ? null : prescriptionOf(shape, tops[week - 1]!),
      });
    }
  }
  return out;
}

/** The placings a plan has after the re-tests done so far (in week order). */
export const placingsOf = (placedBy: number, retestScores: readonly number[]) => [
  placedBy,
  ...retestScores.slice(0, RETEST_WEEKS.length - 1),
];

// ---- The calendar: dates as 'YYYY-MM-DD', weekdays 0 = Sunday .. 6 = Saturday.

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);

/** The first `count` dates from `from` (itself included) that fall on one of `days`. */
export function nextDates(from: string, days: readonly number[], count: number): string[] {
  if (days.length === 0) throw new Error('A plan needs its days');
  const out: string[] = [];
  for (let day = toDay(from); out.length < count; day++) {
    if (days.includes(new Date(day * DAY_MS).getUTCDay())) out.push(fromDay(day));
  }
  return out;
}

/** A member's local date at `now` in their zone (null: UTC). */
export const localDate = (now: Date, timeZone: string | null | undefined): string =>
  zoneDate(now.getTime(), timeZone ?? 'UTC');

/**
 * The dates of the undone sessions when the first of them was missed (due before `today`): they
 * move, in order, onto the chosen days from today on. Undone sessions not yet late keep their
 * dates (null: nothing moves).
 */
export function movedDates(
  undoneDue: readonly string[],
  today: string,
  days: readonly number[],
): string[] | null {
  if (undoneDue.length === 0 || undoneDue[0]! >= today) return null;
  return nextDates(today, days, undoneDue.length);
}
