import { and, eq, sql } from 'drizzle-orm';
import {
  canBeCapped,
  lowerIsBetter,
  scoreRangeError,
  timedScoreStartError,
  type Challenge,
} from '@common/challenges';
import {
  HIDDEN_SET_LOCKED,
  OLD_SET_SCORE_LOCKED,
  type EditWorkoutData,
} from '@common/schemas/workout-edit';
import { paceForScore } from '@common/run-payoff';
import {
  CAPPED_FOR_TIME_ONLY,
  LEGACY_FIELD_ELSEWHERE,
  openChallengeOr,
  workoutTimeError,
  type Workout,
} from '@common/schemas/workouts';
import { rowsOf, type Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { legacyScoreSent, scoreFieldOf } from '../../lib/score-answers';
import { publicColumns, toWorkoutDto, type WorkoutRow } from './workout-dto';

// Editing a set: PATCH /api/workouts/:id (docs/decisions/0203-editing-a-set.md).

type StoredSet = WorkoutRow & { updatedAt: Date | null; hidden: boolean; capped: boolean };

interface EditGuard {
  /** The owner's registration: no set may be dated before it, no hold begin before it. */
  registeredAt?: Date;
  /** The earliest a timed score may have begun: registeredAt, less HOLD_START_SLACK_SECONDS. */
  holdsFrom?: Date;
  /** The app's catalogue with its open state: the score's range is the set's challenge's. */
  challenges: readonly Challenge[];
}

async function readSet(db: Db, userId: number, id: number): Promise<StoredSet | undefined> {
  const rows = await db
    .select({
      ...publicColumns,
      hidden: sql<boolean>`exists (select 1 from hidden_workouts h where h.workout_id = ${workouts.id})`,
    })
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The set as the edit makes it, checked by the rules of a new save; throws a 400 otherwise. */
function planEdit(row: StoredSet, input: EditWorkoutData, now: Date, guard: EditGuard) {
  // A score sent under its first name (legacy.scoreField); a refusal is said under the name sent.
  const legacy = legacyScoreSent(input);
  const scoreField = input.score === undefined && legacy ? legacy.field : 'score';
  const score = input.score ?? legacy?.value ?? row.score;
  const capped = input.capped ?? row.capped;
  // A change of the cap mark alone is judged under `capped`.
  const field =
    input.score === undefined && !legacy && input.capped !== undefined ? 'capped' : scoreField;
  const createdAt = input.createdAt ? new Date(input.createdAt) : row.createdAt;
  const notes = input.notes === undefined ? row.notes : input.notes;
  const scoreChanged = score !== row.score || capped !== row.capped;
  const timeChanged = createdAt.getTime() !== row.createdAt.getTime();
  const notesChanged = notes !== row.notes;

  if (legacy && scoreFieldOf(row.challenge) !== legacy.field)
    throw badRequest(LEGACY_FIELD_ELSEWHERE, { [legacy.field]: [LEGACY_FIELD_ELSEWHERE] });
  let lower = false;
  let pace = row.pace ?? null;
  if (scoreChanged || timeChanged) {
    const c = openChallengeOr(guard.challenges, row.challenge);
    if (typeof c === 'string') throw badRequest(c, { challenge: [c] });
    if (capped && !canBeCapped(c.scoring!))
      throw badRequest(CAPPED_FOR_TIME_ONLY, { capped: [CAPPED_FOR_TIME_ONLY] });
    lower = lowerIsBetter(c.scoring!, capped);
    // A lowered count trims the pace's last bars, as at the save (common/run-payoff.ts).
    if (pace && scoreChanged) pace = paceForScore(c.scoring!, pace, { score, capped });
    const rangeError = scoreRangeError(
      { id: c.id, scoring: c.scoring!, words: c.words },
      score,
      capped,
    );
    if (rangeError) throw badRequest(rangeError, { [field]: [rangeError] });
    if (timeChanged) {
      const err = workoutTimeError(createdAt, now.getTime(), guard.registeredAt);
      if (err) throw badRequest(err, { createdAt: [err] });
    } else if (workoutTimeError(createdAt, now.getTime(), guard.registeredAt)) {
      // The stored time is outside the window a new save may name: the set's board places stay.
      throw badRequest(OLD_SET_SCORE_LOCKED, { [field]: [OLD_SET_SCORE_LOCKED] });
    }
    const startError = timedScoreStartError(
      c.scoring!,
      score,
      createdAt,
      guard.holdsFrom ?? guard.registeredAt,
      capped,
    );
    if (startError) throw badRequest(startError, { [field]: [startError] });
  }
  return {
    score,
    capped,
    lowerIsBetter: lower,
    createdAt,
    notes,
    pace,
    // The camera's mark (the tier) holds for the count it saw, and the proof clip with it; a
    // changed score is entered by hand.
    verified: row.verified && !scoreChanged,
    scoreChanged,
    onBoards: scoreChanged || timeChanged,
    changed: scoreChanged || timeChanged || notesChanged,
  };
}

interface UpdatedRow {
  id: number;
  user_id: number;
  challenge: string;
  score: number;
  capped: boolean;
  notes: string | null;
  created_at: Date | string;
  verified: boolean;
  updated_at: Date | string;
  tier: string;
  pace: number[] | null;
}

/**
 * Writes the plan if the set is still as it was read (and not hidden since); undefined when it
 * changed meanwhile. One statement: the set, and its proof clip when the camera's mark goes.
 * A changed score or time is received now: it ranks after the equal scores received before it,
 * so an edit cannot buy an earlier place on a tie (docs/decisions/0203-editing-a-set.md).
 */
async function writeEdit(
  db: Db,
  row: StoredSet,
  plan: ReturnType<typeof planEdit>,
  now: Date,
): Promise<WorkoutRow | undefined> {
  const at = now.toISOString();
  const rows = await rowsOf<UpdatedRow>(
    db,
    sql`with edited as (
      update workouts w set score = ${plan.score}, capped = ${plan.capped},
        lower_is_better = case when ${plan.onBoards} then ${plan.lowerIsBetter} else w.lower_is_better end,
        notes = ${plan.notes},
        pace = ${plan.pace ? sql`${`{${plan.pace.join(',')}}`}::real[]` : sql`null`},
        created_at = ${plan.createdAt.toISOString()}::timestamptz,
        received_at = case when ${plan.onBoards} then ${at}::timestamptz else w.received_at end,
        verified = ${plan.verified}, updated_at = ${at}::timestamptz,
        -- A changed count is the member's own: entered (verified = tier in recounted, reviewed).
        tier = case when ${plan.scoreChanged} then 'entered' else w.tier end
      where w.id = ${row.id} and w.user_id = ${row.userId} and w.score = ${row.score}
        and w.capped = ${row.capped}
        and w.notes is not distinct from ${row.notes}
        and w.created_at = ${row.createdAt.toISOString()}::timestamptz
        and w.verified = ${row.verified}
        and not exists (select 1 from hidden_workouts h where h.workout_id = w.id)
      returning w.id, w.user_id, w.challenge, w.score, w.capped, w.notes, w.created_at, w.verified, w.updated_at, w.tier,
        w.pace
    ), unproven as (
      delete from workout_clips c using edited e where c.workout_id = e.id and e.tier = 'entered'
    ), unqueued as (
      delete from clip_recounts r using edited e where r.workout_id = e.id and e.tier = 'entered'
    )
    select * from edited`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    userId: r.user_id,
    challenge: r.challenge,
    score: r.score,
    capped: r.capped,
    notes: r.notes,
    createdAt: new Date(r.created_at),
    verified: r.verified,
    tier: r.tier,
    updatedAt: new Date(r.updated_at),
    pace: r.pace?.map(Number) ?? null,
  };
}

/**
 * Changes one of the member's own sets: its score, time and notes, by the rules of a new save.
 * Anyone else's (or a missing) set is a 404; a set a moderator hid is a 409. The same request
 * twice changes the set once: a request that changes nothing answers the set as it is, and its
 * updatedAt stays. A concurrent change between the read and the write is read again and judged
 * anew (a compare-and-set), so two edits never mix their fields.
 */
export async function editWorkout(
  db: Db,
  userId: number,
  id: number,
  input: EditWorkoutData,
  now: Date,
  guard: EditGuard,
): Promise<Workout> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await readSet(db, userId, id);
    if (!row) throw notFound('Workout not found.');
    if (row.hidden) throw new HttpError(409, HIDDEN_SET_LOCKED);
    const plan = planEdit(row, input, now, guard);
    if (!plan.changed) return toWorkoutDto(row);
    const written = await writeEdit(db, row, plan, now);
    if (written) return toWorkoutDto(written);
  }
  throw new HttpError(
    409,
    'This set kept changing while your edit was saved. Open it again and retry.',
  );
}
