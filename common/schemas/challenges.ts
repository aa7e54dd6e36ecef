import { z } from 'zod';
import { DIFFICULTIES } from '../challenges';

/** GET /api/challenges: the catalogue (common/challenges.ts) with each entry's open state. */
export const scoringSchema = z.object({
  kind: z.enum(['reps', 'seconds']),
  unit: z.string(),
  unitOne: z.string(),
  label: z.string(),
  min: z.number().int(),
  max: z.number().int(),
});

export const timerSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('countdown'), seconds: z.number().int(), cues: z.array(z.number().int()) }),
  z.object({ mode: z.literal('stopwatch'), cueEverySeconds: z.number().int() }),
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
