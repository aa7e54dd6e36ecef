import { z } from 'zod';
import { AGE_GROUP_IDS } from '../leaderboard';
import { NORM_IDS } from '../norms';
import { challengeParamMeta } from './leaderboard';
import { plainText } from './text';

// GET /api/challenges/:id/standing: where the signed-in member's best (or a score they ask
// about) stands among FitBench's members, and in the published norms the challenge declares.
// docs/decisions/0221-where-you-stand.md

export const standingParamsSchema = z.object({
  id: plainText('The challenge')
    .min(1, 'The challenge must not be empty')
    .max(64, 'Unknown challenge')
    .meta(challengeParamMeta),
});

const wholeNumber = (name: string) =>
  plainText(name)
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .meta({ pattern: '^\\d{1,9}$', description: `${name}: a whole number` })
    .transform(Number);

export const standingQuerySchema = z.object({
  /** A score to place instead of the member's best (the set just saved). */
  score: wholeNumber('score')
    .meta({
      description:
        "A score to place: a whole number within the challenge's range (its scoring in GET /api/challenges); 400 outside it.",
    })
    .optional(),
  /** With `score`, for a challenge done for time: the set reached the cap (score = reps done). */
  capped: z
    .enum(['true', 'false'], { error: 'capped must be true or false' })
    .optional()
    .meta({
      description: 'With score, for a challenge done for time only: the set reached the cap.',
    })
    .transform((v) => v === 'true'),
});

const betterThanSchema = z.number().int().min(0).max(100).nullable();

export const standingGroupSchema = z.object({
  ageGroup: z.enum(AGE_GROUP_IDS).nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  /** "women 30-39", "all members". */
  label: z.string(),
  members: z.number().int().min(0),
  /** "Better than X %" of the group's other members; null while the group has too few members. */
  betterThan: betterThanSchema,
  /** The same among verified sets only: members with a verified set, and the member's verified best. */
  verified: z.object({ members: z.number().int().min(0), betterThan: betterThanSchema }).nullable(),
});

export const normSourceSchema = z.object({
  title: z.string(),
  publisher: z.string(),
  url: z.string(),
  year: z.number().int(),
});

export const normBandSchema = z.object({
  norm: z.enum(NORM_IDS),
  name: z.string(),
  band: z.string(),
  group: z.string(),
  guide: z.boolean(),
  protocol: z.string(),
  sources: z.array(normSourceSchema),
});

export const standingSchema = z.object({
  challenge: z.string(),
  /** The score placed: the one asked about, else the member's best; null before their first set. */
  score: z.number().int().nullable(),
  capped: z.boolean(),
  /** Whether `score` is the member's best (false: a score asked about with ?score=). */
  isBest: z.boolean(),
  ageGroup: z.enum(AGE_GROUP_IDS).nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  /** The threshold a group must reach to be shown. */
  minMembers: z.number().int(),
  /** The member's groups, narrowest first; empty before their first set. */
  groups: z.array(standingGroupSchema),
  norms: z.array(normBandSchema),
});

export type Standing = z.infer<typeof standingSchema>;
export type StandingGroup = z.infer<typeof standingGroupSchema>;
export type NormBandDto = z.infer<typeof normBandSchema>;
