import { z } from 'zod';
import { DIFFICULTIES } from '../challenges';

/** GET /api/challenges: the catalogue (common/challenges.ts) with each entry's open state. */
const scoringBase = {
  unit: z.string(),
  unitOne: z.string(),
  label: z.string(),
  min: z.number().int(),
  max: z.number().int(),
};
export const scoringSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reps'), ...scoringBase }),
  z.object({ kind: z.literal('seconds'), ...scoringBase }),
  z.object({ kind: z.literal('rounds'), ...scoringBase, repsPerRound: z.number().int() }),
  z.object({
    kind: z.literal('for-time'),
    ...scoringBase,
    capSeconds: z.number().int(),
    totalReps: z.number().int(),
    fastestSeconds: z.number().int(),
  }),
]);

const movementSchema = z.object({
  name: z.string(),
  reps: z.number().int(),
  note: z.string().optional(),
});

export const timerSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('countdown'),
    seconds: z.number().int(),
    cues: z.array(z.number().int()),
  }),
  z.object({ mode: z.literal('stopwatch'), cueEverySeconds: z.number().int() }),
  z.object({
    mode: z.literal('rounds'),
    seconds: z.number().int(),
    round: z.array(movementSchema),
    cueEverySeconds: z.number().int(),
    finalSeconds: z.number().int(),
  }),
  z.object({
    mode: z.literal('for-time'),
    capSeconds: z.number().int(),
    parts: z.array(movementSchema),
    tapReps: z.number().int(),
    cueEverySeconds: z.number().int(),
  }),
]);

export const challengeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  focus: z.array(z.string()),
  icon: z.enum(['dumbbell', 'coins', 'flame', 'mountain', 'timer']),
  color: z.string(),
  isActive: z.boolean(),
  /** The path segment of its home, and the home's path where it has one. */
  slug: z.string().optional(),
  path: z.string().optional(),
  homeWhenClosed: z.boolean().optional(),
  scoring: scoringSchema.optional(),
  timer: timerSchema.optional(),
});

export const challengeListSchema = z.array(challengeSchema);
