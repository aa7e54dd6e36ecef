import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workouts } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { descIndexed } from '../../db/order';

// The member's sets a plan is placed or re-tested by (./plans.service.ts).

const WORKOUT_NOT_FOUND = 'Workout not found.';

/** A member's set, or 404. */
export async function ownWorkout(db: Db, m: { id: number }, workoutId: number) {
  const [w] = await db
    .select({
      id: workouts.id,
      challenge: workouts.challenge,
      score: workouts.score,
      capped: workouts.capped,
      createdAt: workouts.createdAt,
    })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.userId, m.id)));
  if (!w) throw notFound(WORKOUT_NOT_FOUND);
  return w;
}

/** The member's latest set of `challenge`, or 400. */
export async function latestSet(db: Db, m: { id: number }, challenge: string) {
  const [w] = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(eq(workouts.userId, m.id), eq(workouts.challenge, challenge)))
    .orderBy(descIndexed(workouts.createdAt), descIndexed(workouts.id))
    .limit(1);
  // A 404, as for a set that is not the member's: the set that would place the plan is not there.
  if (!w) throw notFound('Do a test set first: it places the plan.');
  return w.id;
}
