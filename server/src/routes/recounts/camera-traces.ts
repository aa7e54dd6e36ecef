import { eq } from 'drizzle-orm';
import type { Trace } from '@common/schemas/verification';
import type { TraceSent } from '@common/recount';
import type { Db } from '../../db/client';
import { cameraTraces } from '../../db/schema';

/** Keeps the trace a camera-counted set was saved with, for its recount (once per set). */
export async function keepTrace(db: Db, workoutId: number, trace: Trace): Promise<void> {
  await db
    .insert(cameraTraces)
    .values({ workoutId, top: trace.top, t: trace.t, s: trace.s })
    .onConflictDoNothing();
}

/** The set's trace, or null for sets saved before traces were kept. */
export async function readTrace(db: Db, workoutId: number): Promise<TraceSent | null> {
  const [row] = await db
    .select({ top: cameraTraces.top, t: cameraTraces.t, s: cameraTraces.s })
    .from(cameraTraces)
    .where(eq(cameraTraces.workoutId, workoutId));
  return row ?? null;
}
